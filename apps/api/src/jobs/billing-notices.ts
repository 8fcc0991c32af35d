import type { BillingNotification } from '@waymark/db/client';
import type { AppContext } from '../context';
import { billingTexts, fill, formatDay, formatMoney, plural } from '../modules/billing/texts/billing-texts';
import type { BillingTexts } from '../modules/billing/texts/texts-shape';
import { serverAttributes } from '../notifications/compose';
import { pickLanguage } from '../notifications/templates/render';
import { tenantTree } from '../plugins/app/access-scope';

const DAY_MS = 86_400_000;

interface Notice {
  tenantId: number;
  /** what the notice is about: one notice per rule, tenant and period */
  period: string;
  subject: string;
  text: string;
}

interface WatchedTenant {
  id: number;
  name: string;
  email: string | null;
  subscriptionExpiresAt: Date | null;
  subscription: { name: string; deviceLimit: number } | null;
  owner: { email: string; attributes: unknown } | null;
  /** the texts in the language of the tenant's owner, who reads its mail */
  texts: BillingTexts;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The notices a rule calls for at `now` among `tenants`. */
async function noticesOf(ctx: AppContext, rule: BillingNotification, tenants: WatchedTenant[], now: Date) {
  const out: Notice[] = [];
  if (rule.type === 'DAYS_BEFORE_EXPIRY') {
    const horizon = now.getTime() + rule.value * DAY_MS;
    for (const t of tenants) {
      const at = t.subscriptionExpiresAt;
      if (!at || at <= now || at.getTime() > horizon) continue;
      const days = Math.ceil((at.getTime() - now.getTime()) / DAY_MS);
      out.push({
        tenantId: t.id,
        period: `expiry:${day(at)}`,
        subject: fill(plural(t.texts, t.texts.notices.expirySubject, days), { days }),
        text: fill(t.texts.notices.expiryText, {
          plan: t.subscription?.name ?? '',
          tenant: t.name,
          date: formatDay(t.texts, at),
        }).replace(/ {2,}/g, ' '),
      });
    }
  } else if (rule.type === 'INVOICE_OVERDUE') {
    const invoices = await ctx.db.invoice.findMany({
      where: {
        tenantId: { in: tenants.map((t) => t.id) },
        status: { in: ['ISSUED', 'OVERDUE'] },
        dueAt: { lte: new Date(now.getTime() - rule.value * DAY_MS) },
      },
      select: { tenantId: true, number: true, dueAt: true, amountCents: true, currency: true },
    });
    const byId = new Map(tenants.map((t) => [t.id, t]));
    for (const inv of invoices) {
      const t = byId.get(inv.tenantId);
      if (!t) continue;
      out.push({
        tenantId: t.id,
        period: `invoice:${inv.number}`,
        subject: fill(t.texts.notices.overdueSubject, { number: inv.number }),
        text: fill(t.texts.notices.overdueText, {
          number: inv.number,
          tenant: t.name,
          amount: formatMoney(t.texts, inv.amountCents, inv.currency),
          date: formatDay(t.texts, inv.dueAt),
        }),
      });
    }
  } else if (rule.type === 'DEVICE_LIMIT_REACHED') {
    for (const t of tenants) {
      const limit = t.subscription?.deviceLimit ?? -1;
      if (limit <= 0) continue;
      const active = await ctx.db.device.count({ where: { tenantId: t.id, disabled: false } });
      if (active * 100 < limit * rule.value) continue;
      out.push({
        tenantId: t.id,
        period: `devices:${now.toISOString().slice(0, 7)}`,
        subject: fill(t.texts.notices.devicesSubject, { tenant: t.name, active, limit }),
        text: fill(t.texts.notices.devicesText, { tenant: t.name, active, limit, plan: t.subscription?.name ?? '' }),
      });
    }
  }
  return out;
}

/**
 * Evaluates every enabled billing notification rule at `now` and mails each notice due to the tenant's address
 * (or its owner's), in the owner's language (else the server's, else English). A notice is claimed first by its (rule, tenant, period) row, so that no notice is mailed
 * twice, whichever node runs the pass and however often; a notice whose mail fails is released for the next pass.
 */
export async function sweepBillingNotices(ctx: AppContext, now = new Date()): Promise<number> {
  const rules = await ctx.db.billingNotification.findMany({ where: { enabled: true } });
  const server = rules.length > 0 ? await serverAttributes(ctx) : {};
  let sent = 0;
  for (const rule of rules) {
    const ids = rule.tenantId === null ? undefined : await tenantTree(ctx.db, rule.tenantId);
    const rows = await ctx.db.tenant.findMany({
      where: { active: true, id: ids ? { in: ids } : undefined },
      select: {
        id: true,
        name: true,
        email: true,
        subscriptionExpiresAt: true,
        subscription: { select: { name: true, deviceLimit: true } },
        owner: { select: { email: true, attributes: true } },
      },
    });
    const tenants = rows.map((t) => ({
      ...t,
      texts: billingTexts(pickLanguage(t.owner?.attributes as Record<string, unknown> | undefined, server)),
    }));
    const emails = new Map(tenants.map((t) => [t.id, t.email ?? t.owner?.email ?? null]));
    for (const notice of await noticesOf(ctx, rule, tenants, now)) {
      const to = emails.get(notice.tenantId);
      if (!to) continue;
      const key = { ruleId: rule.id, tenantId: notice.tenantId, period: notice.period };
      const claimed = await ctx.db.billingNotice.createMany({ data: [key], skipDuplicates: true });
      if (claimed.count !== 1) continue;
      try {
        await ctx.mailer.send({ to, subject: notice.subject, text: notice.text });
        sent++;
      } catch (err) {
        await ctx.db.billingNotice.deleteMany({ where: key });
        ctx.log.warn({ err, ruleId: rule.id, tenantId: notice.tenantId }, 'billing notice not mailed');
      }
    }
  }
  return sent;
}
