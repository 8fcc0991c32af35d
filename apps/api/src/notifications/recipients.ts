import type { Permission } from '@waymark/contracts/permissions';
import type { Prisma } from '@waymark/db/client';
import { planTemplate } from '../modules/subscriptions/plan-permissions';
import { effectivePermissions } from '../plugins/app/auth-context';
import type { Recipient } from './channels/types';
import { asRecipient } from './compose';
import type { Rule } from './rules';

const ALERT_FLAGS: Permission[] = ['VIEW_NOTIFICATIONS', 'VIEW_ALERTS_OVERVIEW'];

/**
 * Who a tenant's rules notify: the users linked to a rule (UserLink kind 'notification'), or, for a rule with
 * no linked user, every user of the tenant holding VIEW_NOTIFICATIONS or VIEW_ALERTS_OVERVIEW. Only users of
 * the device's tenant who may sign in now (active, not disabled, not expired) receive anything; a deactivated
 * tenant (or one under a deactivated tenant) has no rules to ask about (loadRules).
 */
export async function recipientsByRule(
  db: Prisma.TransactionClient,
  tenantId: number | null,
  rules: readonly Rule[],
  now = new Date(),
): Promise<Map<number, Recipient[]>> {
  const result = new Map<number, Recipient[]>();
  if (rules.length === 0) return result;
  const [users, links] = await Promise.all([
    db.user.findMany({
      where: {
        tenantId,
        active: true,
        disabled: false,
        OR: [{ expirationTime: null }, { expirationTime: { gt: now } }],
      },
      include: { role: true },
    }),
    db.userLink.findMany({ where: { kind: 'notification', objectId: { in: rules.map((r) => r.id) } } }),
  ]);
  const eligible = new Map(users.map((u) => [u.id, u]));
  // the flags the tenant's plan leaves them: one template for the whole tenant
  const template = tenantId === null ? null : await planTemplate(db, tenantId);
  const alerted = users.filter((u) => effectivePermissions(u, template).some((p) => ALERT_FLAGS.includes(p)));
  for (const rule of rules) {
    const linked = links.filter((l) => l.objectId === rule.id);
    const chosen =
      linked.length > 0 ? linked.flatMap((l) => (eligible.has(l.userId) ? [eligible.get(l.userId)] : [])) : alerted;
    result.set(
      rule.id,
      chosen.flatMap((u) => (u ? [asRecipient(u)] : [])),
    );
  }
  return result;
}
