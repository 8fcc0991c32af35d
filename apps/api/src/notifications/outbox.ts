import type { AppContext } from '../context';
import { channelOf } from './channels/registry';
import { DeliveryError } from './channels/types';
import { asRecipient, composeDelivery, serverAttributes } from './compose';

/** Waits before the 2nd, 3rd, … attempt; the last step repeats. */
export const BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000];
/** How long a claimed row stays away from other workers while it is being sent. */
const LEASE_MS = 5 * 60_000;

interface Claimed {
  id: bigint;
  eventId: bigint;
  userId: number | null;
  channel: string;
  savedCommandId: number | null;
  notificationId: number | null;
  attempts: number;
}

/**
 * Takes up to `limit` due PENDING rows (FOR UPDATE SKIP LOCKED: several API nodes share the table), leases them
 * by moving nextAttemptAt ahead, and counts the attempt.
 */
async function claim(ctx: AppContext, now: Date, limit: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  return ctx.db.$queryRaw<Claimed[]>`
    UPDATE notification_deliveries d
       SET "nextAttemptAt" = (${lease}::timestamptz AT TIME ZONE 'UTC'), attempts = d.attempts + 1
      FROM (SELECT id FROM notification_deliveries
             WHERE status = 'PENDING' AND "nextAttemptAt" <= (${at}::timestamptz AT TIME ZONE 'UTC')
             ORDER BY "nextAttemptAt", id
             LIMIT ${limit}
             FOR UPDATE SKIP LOCKED) due
     WHERE d.id = due.id
    RETURNING d.id, d."eventId", d."userId", d.channel, d."savedCommandId", d."notificationId", d.attempts`;
}

const NO_RECIPIENT = { id: 0, name: '', email: '', phone: null, attributes: {} };

async function send(ctx: AppContext, row: Claimed, server: Record<string, unknown>): Promise<void> {
  const channel = channelOf(row.channel);
  if (!channel) throw new DeliveryError(`unknown channel ${row.channel}`, false);
  const [event, user, rule] = await Promise.all([
    ctx.db.event.findFirst({ where: { id: row.eventId } }),
    // a command row has no recipient
    row.userId === null ? null : ctx.db.user.findUnique({ where: { id: row.userId } }),
    row.notificationId === null ? null : ctx.db.notification.findUnique({ where: { id: row.notificationId } }),
  ]);
  if (!event) throw new DeliveryError('the event no longer exists', false);
  if (row.channel !== 'command' && (!user || user.disabled || !user.active)) {
    throw new DeliveryError('the user may no longer be notified', false);
  }
  const delivery = await composeDelivery(
    ctx,
    event,
    user ? asRecipient(user) : NO_RECIPIENT,
    rule
      ? {
          id: rule.id,
          // a command row sends the saved command it was written with, not whatever the rule names now
          commandId: row.channel === 'command' ? row.savedCommandId : rule.commandId,
          authorId: rule.authorId,
          attributes: (rule.attributes ?? {}) as Record<string, unknown>,
        }
      : null,
    server,
  );
  await channel.send(ctx, delivery);
  if (channel.type === 'sms') ctx.statistics.add('smsSent');
}

/** Sends what is due now; returns how many rows it took. */
export async function processDue(ctx: AppContext, now = new Date(), limit = 20): Promise<number> {
  const rows = await claim(ctx, now, limit);
  if (rows.length === 0) return 0;
  const server = await serverAttributes(ctx);
  await Promise.all(
    rows.map(async (row) => {
      try {
        await send(ctx, row, server);
        await ctx.db.notificationDelivery.update({
          where: { id: row.id },
          data: { status: 'SENT', sentAt: new Date(), lastError: null },
        });
      } catch (err) {
        const known = err instanceof DeliveryError;
        const reason = known ? err.message : 'internal error';
        if (!known) ctx.log.error({ err, deliveryId: String(row.id) }, 'notification not sent');
        const final = (known && !err.retryable) || row.attempts >= ctx.env.WAYMARK_NOTIFY_ATTEMPTS;
        const wait = BACKOFF_MS[Math.min(row.attempts - 1, BACKOFF_MS.length - 1)] ?? 30_000;
        await ctx.db.notificationDelivery.update({
          where: { id: row.id },
          data: final
            ? { status: 'FAILED', lastError: reason.slice(0, 500) }
            : { lastError: reason.slice(0, 500), nextAttemptAt: new Date(now.getTime() + wait) },
        });
        ctx.log.info({ deliveryId: String(row.id), channel: row.channel, reason, final }, 'notification failed');
      }
    }),
  );
  return rows.length;
}

export interface Outbox {
  /** run now (after dispatch wrote rows) rather than at the next poll */
  wake(): void;
  /** resolves when the current run (if any) is over */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const running = new WeakMap<AppContext, Outbox>();

/** Wakes this process's outbox worker, if one runs for this context. */
export function wakeOutbox(ctx: AppContext): void {
  running.get(ctx)?.wake();
}

/** The outbox worker: runs when woken and every `pollMs` otherwise, one run at a time. */
export function startOutbox(ctx: AppContext, options: { pollMs?: number; batchSize?: number } = {}): Outbox {
  const batchSize = options.batchSize ?? 20;
  let current: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const run = async () => {
    do {
      again = false;
      try {
        while (!closed && (await processDue(ctx, new Date(), batchSize)) === batchSize) {}
      } catch (err) {
        ctx.log.warn({ err }, 'outbox run failed');
      }
    } while (again && !closed);
  };
  const wake = () => {
    if (closed) return;
    if (current) {
      again = true;
      return;
    }
    current = run().finally(() => {
      current = null;
    });
  };
  const timer = setInterval(wake, options.pollMs ?? 5000);
  timer.unref();
  const outbox: Outbox = {
    wake,
    idle: async () => {
      while (current) await current;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      running.delete(ctx);
      await outbox.idle();
    },
  };
  running.set(ctx, outbox);
  wake();
  return outbox;
}
