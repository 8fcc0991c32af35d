import type pg from 'pg';
import type { Logger } from 'pino';
import { forwardingTargets } from './enqueue';
import { DeviceJson, messagesOf, type OutboxRow } from './messages';
import { createTransport, type Outgoing, type TargetAddress, type Transport } from './transports';

/** How a batch ended: committed full (more is probably waiting) or short, or failed (the target backs off). */
type Outcome = 'full' | 'short' | 'failed';

export interface ForwardingOptions {
  /** outbox rows claimed and sent at once per target */
  batchSize?: number;
  /** batches of one target sent and waiting for their acknowledgements at once (the next claimed meanwhile) */
  inFlight?: number;
  /** how often an empty outbox is looked at again */
  pollMs?: number;
  /** how often the targets are read again (new, changed, switched off, failing on another node) */
  reconcileMs?: number;
  /** how often each outbox is held to its target's queueLimit */
  trimMs?: number;
  /** how often the outbox rows of deleted targets are looked for */
  sweepMs?: number;
  /** the first retry's delay after a failure, doubled at each further failure up to `maxBackoffMs` */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** how long one delivery may take */
  timeoutMs?: number;
  /** tenants' targets may reach private addresses too (WAYMARK_WEBHOOK_ALLOW_PRIVATE) */
  allowPrivate?: boolean;
}

interface TargetRow extends Omit<TargetAddress, 'restricted'> {
  tenantId: number | null;
  updatedAt: Date;
  nextAttemptAt: Date | null;
}

interface Loop {
  target: TargetRow;
  transport: Transport;
  devices: DeviceJson;
  /** the last batch was acknowledged: batches may be pipelined (else one at a time, as after a failure) */
  steady: boolean;
  stopped: boolean;
  wake: () => void;
  done: Promise<void>;
}

const DEFAULTS = {
  batchSize: 2_000,
  inFlight: 2,
  pollMs: 250,
  reconcileMs: 5_000,
  trimMs: 10_000,
  sweepMs: 600_000,
  backoffMs: 1_000,
  maxBackoffMs: 300_000,
  timeoutMs: 10_000,
  allowPrivate: false,
} satisfies Required<ForwardingOptions>;

/** The delay before the next try after `failures` failures in a row: doubling, capped. */
export function backoffDelay(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(30, failures - 1)));
}

/**
 * Delivers the forwarding outbox. Each enabled target has its own loop on every node: it claims the oldest rows
 * of its target (FOR UPDATE SKIP LOCKED, so nodes share a busy target without sending a row twice at once), turns
 * them into Traccar's JSON, sends them and deletes them in the same transaction: a crash or a failure before the
 * COMMIT leaves them to be sent again (at least once). A failure backs the target off, doubling up to
 * `maxBackoffMs`, and is kept on its row (failures, lastError, nextAttemptAt) for every node and for the status
 * route. The pipeline never waits for any of this: a slow or dead target only lets its outbox grow, up to its
 * queueLimit, past which the oldest rows are dropped and counted. Uses its own pool (connections held while a
 * target answers are never the pipeline's).
 */
export function startForwarding(pool: pg.Pool, log: Logger, options: ForwardingOptions = {}) {
  const o = { ...DEFAULTS, ...options };
  const loops = new Map<number, Loop>();
  let closed = false;
  let reconciling: Promise<void> = Promise.resolve();
  let lastTrim = 0;
  let lastSweep = Date.now();

  const sleep = (ms: number, loop?: Loop) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      if (loop)
        loop.wake = () => {
          clearTimeout(timer);
          resolve();
        };
    });

  async function reconcile(): Promise<void> {
    const { rows } = await pool.query<TargetRow>(
      `SELECT id, "tenantId", type, url, topic, exchange, headers, "updatedAt", "nextAttemptAt"
         FROM forwarding WHERE enabled`,
    );
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.id);
      const loop = loops.get(row.id);
      if (loop && loop.target.updatedAt.getTime() === row.updatedAt.getTime()) {
        // another node's failure pushes this node's next try back too
        loop.target.nextAttemptAt = row.nextAttemptAt;
        continue;
      }
      if (loop) await stop(loop);
      start(row);
    }
    for (const loop of loops.values()) if (!seen.has(loop.target.id)) await stop(loop);
    const now = Date.now();
    if (now - lastTrim >= o.trimMs) {
      lastTrim = now;
      await trimOutboxes(pool, log);
    }
    if (now - lastSweep >= o.sweepMs) {
      lastSweep = now;
      await sweepOrphans(pool, log);
    }
  }

  function start(target: TargetRow) {
    const loop: Loop = {
      target,
      transport: createTransport({ ...target, restricted: target.tenantId !== null && !o.allowPrivate }, o.timeoutMs),
      devices: new DeviceJson(),
      steady: false,
      stopped: false,
      wake: () => {},
      done: Promise.resolve(),
    };
    loop.done = run(loop);
    loops.set(target.id, loop);
  }

  async function stop(loop: Loop) {
    loop.stopped = true;
    loop.wake();
    loops.delete(loop.target.id);
    await loop.done;
    await loop.transport.close().catch(() => {});
  }

  /**
   * The target's loop. Batches are pipelined: while one batch waits for its acknowledgements the next is claimed,
   * built and sent (after it on the same connection, so each device's messages leave in id order), up to
   * `inFlight` batches at once. Each batch commits on its own once every message of it was acknowledged.
   */
  async function run(loop: Loop): Promise<void> {
    const pending: Promise<Outcome>[] = [];
    /** Waits for the oldest batch in flight; returns the wait it asks for before the next claim. */
    const settleOldest = async (): Promise<number> => {
      const outcome = await (pending.shift() as Promise<Outcome>);
      return outcome === 'short' ? o.pollMs : 0;
    };
    while (!loop.stopped && !closed) {
      const due = loop.target.nextAttemptAt ? loop.target.nextAttemptAt.getTime() - Date.now() : 0;
      if (due > 0) {
        while (pending.length > 0) await settleOldest();
        await sleep(Math.min(due, o.reconcileMs), loop);
        continue;
      }
      let wait = 0;
      try {
        const batch = await claim(loop);
        if (batch) {
          pending.push(batch.outcome);
          // a new or failing target gets one batch at a time until one goes through
          if (pending.length >= (loop.steady ? o.inFlight : 1)) wait = await settleOldest();
        } else {
          while (pending.length > 0) await settleOldest();
          wait = o.pollMs;
        }
      } catch (err) {
        log.error({ err, forwardingId: loop.target.id }, 'forwarding loop failed');
        while (pending.length > 0) await settleOldest();
        wait = o.pollMs;
      }
      if (wait > 0) await sleep(wait, loop);
    }
    while (pending.length > 0) await settleOldest();
  }

  /**
   * Claims the oldest rows of the target nobody holds, deleting them in the same statement inside a transaction
   * that stays open until the target acknowledged them: the COMMIT removes them for good, a ROLLBACK (failure,
   * crash, lost connection) puts them back for the next try. Returns null when nothing was waiting; else the
   * batch's outcome, settled once it committed or failed (its messages are already on their way).
   */
  async function claim(loop: Loop): Promise<{ outcome: Promise<Outcome> } | null> {
    const { target } = loop;
    const client = await pool.connect();
    // a held connection that drops (server restart, killed backend) must not crash the process: the transaction
    // is gone with it, its rows are back in the outbox, and the connection is thrown away at release
    let lost: Error | undefined;
    const onError = (err: Error) => {
      lost = err;
    };
    client.on('error', onError);
    const release = () => {
      client.removeListener('error', onError);
      client.release(lost);
    };
    let rows: OutboxRow[];
    let messages: Outgoing[];
    try {
      await client.query('BEGIN');
      ({ rows } = await client.query<OutboxRow>({
        name: 'waymark-forward-claim',
        text: `DELETE FROM forwarding_outbox WHERE "forwardingId" = $1 AND id IN (
                 SELECT id FROM forwarding_outbox WHERE "forwardingId" = $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
               RETURNING id, "positionId", "fixTime", "eventId"`,
        values: [target.id, o.batchSize],
      }));
      if (rows.length === 0) {
        await client.query('COMMIT');
        release();
        return null;
      }
      rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      messages = await messagesOf(client, loop.devices, rows);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      release();
      throw err;
    }
    const count = rows.length;
    // sent now (in order after the previous batch), acknowledged later
    const sent = messages.length > 0 ? loop.transport.send(messages) : Promise.resolve();
    // wrapped: an async function would otherwise wait for it
    return { outcome: finish(loop, client, sent, count, release) };
  }

  async function finish(
    loop: Loop,
    client: pg.PoolClient,
    sent: Promise<void>,
    count: number,
    release: () => void,
  ): Promise<Outcome> {
    const { target } = loop;
    try {
      try {
        await sent;
      } catch (err) {
        await client.query('ROLLBACK');
        loop.steady = false;
        // a batch sent beside one that failed first: that failure was counted and backed off already
        const next = target.nextAttemptAt;
        if (!next || next.getTime() <= Date.now()) await failed(client, loop, err);
        return 'failed';
      }
      await client.query({
        name: 'waymark-forward-delivered',
        text: `UPDATE forwarding SET delivered = delivered + $2, "lastDeliveredAt" = now(), failures = 0,
                      "nextAttemptAt" = NULL
                WHERE id = $1`,
        values: [target.id, count],
      });
      await client.query('COMMIT');
      target.nextAttemptAt = null;
      loop.steady = true;
      // a full batch: more is probably waiting
      return count === o.batchSize ? 'full' : 'short';
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      log.error({ err, forwardingId: target.id }, 'forwarding batch not recorded');
      return 'failed';
    } finally {
      release();
    }
  }

  /** Records the failure on the target's row and backs it off; returns the delay. */
  async function failed(client: pg.PoolClient, loop: Loop, err: unknown): Promise<void> {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'failed';
    const { rows } = await client.query<{ failures: number }>(
      `UPDATE forwarding SET failures = failures + 1, "lastError" = $2, "lastErrorAt" = now()
        WHERE id = $1 RETURNING failures`,
      [loop.target.id, message],
    );
    const failures = rows[0]?.failures ?? 1;
    const delay = backoffDelay(failures, o.backoffMs, o.maxBackoffMs);
    const next = new Date(Date.now() + delay);
    await client.query(`UPDATE forwarding SET "nextAttemptAt" = $2::timestamp(3) WHERE id = $1`, [
      loop.target.id,
      next.toISOString(),
    ]);
    loop.target.nextAttemptAt = next;
    log.warn({ forwardingId: loop.target.id, failures, retryInMs: delay, error: message }, 'forwarding failed');
  }

  const timer = setInterval(() => {
    reconciling = reconciling.then(reconcile).catch((err) => log.error({ err }, 'forwarding targets not read'));
  }, o.reconcileMs);
  reconciling = reconcile().catch((err) => log.error({ err }, 'forwarding targets not read'));
  // a target changed on this node is followed at once (other nodes within reconcileMs)
  const unsubscribe = forwardingTargets.onChange(() => {
    reconciling = reconciling.then(reconcile).catch((err) => log.error({ err }, 'forwarding targets not read'));
  });

  return {
    async close(): Promise<void> {
      closed = true;
      clearInterval(timer);
      unsubscribe();
      await reconciling;
      await Promise.all([...loops.values()].map(stop));
    },
  };
}

/**
 * Holds every target's outbox to its queueLimit: past it, the oldest rows are deleted and added to the target's
 * `dropped`. The id range bounds the count from above (ids only grow), so the exact position of the cut is only
 * looked up when the range is larger than the limit.
 */
export async function trimOutboxes(pool: pg.Pool, log: Logger): Promise<number> {
  const { rows: targets } = await pool.query<{ id: number; queueLimit: number }>(
    'SELECT id, "queueLimit" FROM forwarding',
  );
  let total = 0;
  for (const { id, queueLimit } of targets) {
    const { rows: range } = await pool.query<{ low: bigint | null; high: bigint | null }>(
      'SELECT min(id) AS low, max(id) AS high FROM forwarding_outbox WHERE "forwardingId" = $1',
      [id],
    );
    const { low, high } = range[0] ?? { low: null, high: null };
    if (low === null || high === null || high - low + 1n <= BigInt(queueLimit)) continue;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows: cut } = await client.query<{ id: bigint }>(
        'SELECT id FROM forwarding_outbox WHERE "forwardingId" = $1 ORDER BY id DESC OFFSET $2 LIMIT 1',
        [id, queueLimit],
      );
      const cutoff = cut[0]?.id;
      let dropped = 0;
      if (cutoff !== undefined) {
        // rows a node is sending right now are left to it
        const result = await client.query(
          `DELETE FROM forwarding_outbox WHERE "forwardingId" = $1 AND id IN (
             SELECT id FROM forwarding_outbox WHERE "forwardingId" = $1 AND id <= $2 FOR UPDATE SKIP LOCKED)`,
          [id, cutoff.toString()],
        );
        dropped = result.rowCount ?? 0;
        if (dropped > 0) {
          await client.query('UPDATE forwarding SET dropped = dropped + $2 WHERE id = $1', [id, dropped]);
        }
      }
      await client.query('COMMIT');
      if (dropped > 0) log.warn({ forwardingId: id, dropped, queueLimit }, 'forwarding outbox full: oldest dropped');
      total += dropped;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  return total;
}

/** Deletes outbox rows whose target is gone (written while it was being deleted); walks the distinct ids by index. */
export async function sweepOrphans(pool: pg.Pool, log: Logger): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `WITH RECURSIVE ids(id) AS (
       (SELECT "forwardingId" FROM forwarding_outbox ORDER BY 1 LIMIT 1)
       UNION ALL
       SELECT (SELECT o."forwardingId" FROM forwarding_outbox o WHERE o."forwardingId" > ids.id ORDER BY 1 LIMIT 1)
         FROM ids WHERE ids.id IS NOT NULL)
     SELECT id FROM ids WHERE id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM forwarding f WHERE f.id = ids.id)`,
  );
  if (rows.length === 0) return 0;
  const result = await pool.query('DELETE FROM forwarding_outbox WHERE "forwardingId" = ANY($1::int[])', [
    rows.map((r) => r.id),
  ]);
  log.info({ targets: rows.map((r) => r.id), rows: result.rowCount }, 'outbox rows of deleted targets removed');
  return result.rowCount ?? 0;
}
