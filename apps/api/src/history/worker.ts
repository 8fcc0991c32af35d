import type pg from 'pg';
import type { Logger } from 'pino';
import type { PartitionMonths } from './partitions';
import { HISTORY_TABLES, monthAfter } from './partitions';
import type { RetentionResult } from './retention';
import { applyRetention } from './retention';

/** Months created ahead of time, this one included: the pipeline never waits for a partition of the present. */
const MONTHS_AHEAD = 3;
/** pg_try_advisory_lock key: one node at a time runs retention */
const RETENTION_LOCK = 0x57_4d_52_54; // "WMRT"

export interface HistoryWorker {
  /** one pass now (tests, and the first one at start) */
  run(): Promise<RetentionResult | null>;
  close(): Promise<void>;
}

/**
 * Partitions and retention on every API node: at start and then every `intervalMs` (10 minutes), the months from
 * this one to MONTHS_AHEAD − 1 ahead are made to exist, and the node that gets the advisory lock applies
 * retention (retention.ts). A failed pass is logged and tried again at the next tick.
 */
export function startHistory(
  pool: pg.Pool,
  months: PartitionMonths,
  log: Logger,
  options: { intervalMs?: number; now?: () => Date } = {},
): HistoryWorker {
  const now = options.now ?? (() => new Date());
  let running: Promise<RetentionResult | null> | null = null;

  async function pass(): Promise<RetentionResult | null> {
    const at = now();
    const ahead = Array.from({ length: MONTHS_AHEAD }, (_, i) => new Date(monthAfter(at, i)));
    for (const table of HISTORY_TABLES) await months.ensure(pool, table, ahead);
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        RETENTION_LOCK,
      ]);
      if (!rows[0]?.locked) return null;
      try {
        const result = await applyRetention(client, months, at);
        if (result.dropped.length || result.trimmed.length || result.tenantRows || result.purgedDevices.length)
          log.info({ retention: result }, 'retention applied');
        return result;
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  const run = () => {
    running ??= pass()
      .catch((err) => {
        log.warn({ err }, 'partitions and retention pass failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(run, options.intervalMs ?? 10 * 60_000);
  timer.unref();
  void run();
  return {
    run,
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
