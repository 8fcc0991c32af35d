import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser } from '../testing/factories';
import type { TestSmtpServer } from '../testing/smtp';
import { startSmtpServer } from '../testing/smtp';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { sweepBillingNotices } from './billing-notices';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(smtp.env);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const DAY = 86_400_000;
const now = new Date('2026-06-10T06:00:00Z');

/** A tenant owned by a user speaking `language`, billed at its own address. */
async function ownedTenant(language: string, data: Parameters<typeof buildTenant>[1] = {}) {
  const owner = await buildUser(t.ctx.db, { attributes: { language } });
  return buildTenant(t.ctx.db, { userId: owner.id, email: `${language}-${owner.id}@example.test`, ...data });
}

describe('billing notices in the language of the tenant owner', () => {
  it('mails a French owner in French, dates and amounts formatted the French way, through SMTP', async () => {
    const tenant = await ownedTenant('fr', { subscriptionExpiresAt: new Date(now.getTime() + 5 * DAY) });
    await t.ctx.db.invoice.create({
      data: {
        tenantId: tenant.id,
        number: 'INV-FR-OVERDUE',
        status: 'OVERDUE',
        amountCents: 123_450,
        periodStart: new Date('2026-05-01T00:00:00Z'),
        periodEnd: new Date('2026-06-01T00:00:00Z'),
        dueAt: new Date('2026-06-01T00:00:00Z'),
      },
    });
    await t.ctx.db.billingNotification.create({
      data: { name: 'Semaine', type: 'DAYS_BEFORE_EXPIRY', value: 7, tenantId: tenant.id },
    });
    await t.ctx.db.billingNotification.create({
      data: { name: 'Retard', type: 'INVOICE_OVERDUE', value: 2, tenantId: tenant.id },
    });
    expect(await sweepBillingNotices(t.ctx, now)).toBe(2);

    const expiry = await smtp.waitFor(
      (m) => m.recipients.includes(tenant.email as string) && /abonnement/.test(m.subject),
    );
    expect(expiry.subject).toBe('Votre abonnement se termine dans 5 jours');
    expect(expiry.text).toContain(`de ${tenant.name} se termine le 15 juin 2026`);
    const overdue = await smtp.waitFor((m) => m.subject === 'La facture INV-FR-OVERDUE est en retard');
    // French groups thousands with a narrow no-break space and writes the euro sign after the amount
    expect(overdue.text).toMatch(/1\s?234,50\s€/u);
    expect(overdue.text).toContain('était due le 1 juin 2026');
  });

  it('writes Greek for a Greek owner and English for a language without texts', async () => {
    const greek = await ownedTenant('el-GR', { subscriptionExpiresAt: new Date(now.getTime() + 3 * DAY) });
    const german = await ownedTenant('de', { subscriptionExpiresAt: new Date(now.getTime() + 3 * DAY) });
    for (const tenant of [greek, german]) {
      await t.ctx.db.billingNotification.create({
        data: { name: 'Soon', type: 'DAYS_BEFORE_EXPIRY', value: 7, tenantId: tenant.id },
      });
    }
    await sweepBillingNotices(t.ctx, now);
    const el = await smtp.waitFor((m) => m.recipients.includes(greek.email as string));
    expect(el.subject).toBe('Η συνδρομή σας λήγει σε 3 ημέρες');
    expect(el.text).toContain('13 Ιουνίου 2026');
    const en = await smtp.waitFor((m) => m.recipients.includes(german.email as string));
    expect(en.subject).toBe('Your subscription ends in 3 days');
    expect(en.text).toContain(`The subscription of ${german.name} ends on 13 June 2026.`);
  });
});
