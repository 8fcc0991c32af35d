import type { AppContext } from '../context';
import { runBillingCycle } from './billing-cycle';
import { sweepBillingNotices } from './billing-notices';

export interface BillingWorker {
  /** one billing cycle pass now (tests) */
  cycle(): Promise<void>;
  /** one notice pass now (tests) */
  notices(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The billing work of every API node: the billing cycle (invoices of the current periods, overdue marks) at start
 * and every `cycleMs` (an hour), the billing notices at start and every `noticesMs` (a day). Both passes are
 * idempotent, so several nodes may run them; a failed pass is logged and tried again at the next tick.
 */
export function startBilling(ctx: AppContext, options: { cycleMs?: number; noticesMs?: number } = {}): BillingWorker {
  const log = ctx.log.child({ component: 'billing' });
  let cycling: Promise<void> | null = null;
  let noticing: Promise<void> | null = null;
  const cycle = () => {
    cycling ??= runBillingCycle(ctx.db)
      .then((r) => {
        if (r.issued || r.overdue) log.info(r, 'billing cycle');
      })
      .catch((err) => log.warn({ err }, 'billing cycle failed'))
      .finally(() => {
        cycling = null;
      });
    return cycling;
  };
  const notices = () => {
    noticing ??= sweepBillingNotices(ctx)
      .then((sent) => {
        if (sent) log.info({ sent }, 'billing notices mailed');
      })
      .catch((err) => log.warn({ err }, 'billing notices failed'))
      .finally(() => {
        noticing = null;
      });
    return noticing;
  };
  const cycleTimer = setInterval(cycle, options.cycleMs ?? 3_600_000);
  cycleTimer.unref();
  const noticeTimer = setInterval(notices, options.noticesMs ?? 86_400_000);
  noticeTimer.unref();
  // notices after the cycle, so that a start's overdue marks are seen
  void cycle().then(notices);
  return {
    cycle,
    notices,
    async close() {
      clearInterval(cycleTimer);
      clearInterval(noticeTimer);
      await Promise.all([cycling, noticing]);
    },
  };
}
