import type { AppContext } from '../context';
import type { Outbox } from './outbox';
import { startOutbox } from './outbox';
import { sweepReminders } from './reminders';

export interface NotificationWorker {
  outbox: Outbox;
  close(): Promise<void>;
}

/**
 * The API's notification work beside the pipeline: the outbox worker (woken by dispatch, polling otherwise)
 * and the reminder sweep (at start, then every 15 minutes).
 */
export function startNotifications(
  ctx: AppContext,
  options: { pollMs?: number; reminderMs?: number } = {},
): NotificationWorker {
  const outbox = startOutbox(ctx, { pollMs: options.pollMs });
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = sweepReminders(ctx).catch((err) => ctx.log.warn({ err }, 'reminder sweep failed'));
  };
  const timer = setInterval(sweep, options.reminderMs ?? 15 * 60_000);
  timer.unref();
  sweep();
  return {
    outbox,
    async close() {
      clearInterval(timer);
      await Promise.all([outbox.close(), sweeping]);
    },
  };
}
