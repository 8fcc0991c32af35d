import type { AppContext } from '../context';
import { sweepPendingDispatches } from './dispatch';
import type { Outbox } from './outbox';
import { startOutbox } from './outbox';
import { sweepReminders } from './reminders';

const DISPATCH_SWEEP_LIMIT = 500;

export interface NotificationWorker {
  outbox: Outbox;
  close(): Promise<void>;
}

/**
 * The API's notification work beside the pipeline: the outbox worker (woken by dispatch, polling otherwise),
 * the dispatch sweep (events a crashed process stored but never dispatched; at start, then every `dispatchMs`)
 * and the reminder sweep (at start, then every 15 minutes).
 */
export function startNotifications(
  ctx: AppContext,
  options: { pollMs?: number; reminderMs?: number; dispatchMs?: number } = {},
): NotificationWorker {
  const outbox = startOutbox(ctx, { pollMs: options.pollMs });
  let dispatching: Promise<unknown> | null = null;
  const dispatch = () => {
    if (dispatching) return; // one sweep at a time; a bounded number of rounds, the rest at the next tick
    dispatching = (async () => {
      for (let round = 0; round < 20; round++) {
        if ((await sweepPendingDispatches(ctx, { limit: DISPATCH_SWEEP_LIMIT })) < DISPATCH_SWEEP_LIMIT) break;
      }
    })()
      .catch((err) => ctx.log.warn({ err }, 'dispatch sweep failed'))
      .finally(() => {
        dispatching = null;
      });
  };
  const dispatchTimer = setInterval(dispatch, options.dispatchMs ?? 30_000);
  dispatchTimer.unref();
  dispatch();
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
      clearInterval(dispatchTimer);
      await Promise.all([dispatching, sweeping]);
      await outbox.close();
    },
  };
}
