import type { AppContext } from '../../context';
import { forbidden } from '../../http-error';
import { type CycleResult, runBillingCycle } from '../../jobs/billing-cycle';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkNotReadonly } from '../shared/readonly';

/**
 * The billing cycle on demand, as the hourly worker runs it: invoices of the current periods that are missing,
 * overdue marks. Platform staff only (it bills every tenant); idempotent, so pressing it twice issues nothing twice.
 */
export async function runBillingNow(ctx: AppContext, auth: AuthContext): Promise<CycleResult> {
  if (!auth.scope.platform) throw forbidden();
  await checkNotReadonly(ctx, auth);
  const result = await runBillingCycle(ctx.db);
  await audit(ctx, { action: 'billing.cycle', userId: auth.user.id, tenantId: null, details: { ...result } });
  return result;
}
