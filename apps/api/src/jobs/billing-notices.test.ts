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
const mailsTo = (to: string) => smtp.messages.filter((m) => m.recipients.includes(to));

describe('sweepBillingNotices', () => {
  it('mails an expiry notice once per rule, tenant and expiry, through SMTP', async () => {
    const tenant = await buildTenant(t.ctx.db, {
      email: 'billing-a@example.test',
      subscriptionExpiresAt: new Date(now.getTime() + 5 * DAY),
    });
    const far = await buildTenant(t.ctx.db, {
      email: 'billing-far@example.test',
      subscriptionExpiresAt: new Date(now.getTime() + 40 * DAY),
    });
    await t.ctx.db.billingNotification.create({
      data: { name: 'A week ahead', type: 'DAYS_BEFORE_EXPIRY', value: 7, tenantId: tenant.id },
    });
    expect(await sweepBillingNotices(t.ctx, now)).toBe(1);
    const mail = await smtp.waitFor((m) => m.recipients.includes('billing-a@example.test'));
    expect(mail.subject).toBe('Your subscription ends in 5 days');
    expect(mail.text).toContain('15 June 2026');
    expect(await sweepBillingNotices(t.ctx, new Date(now.getTime() + DAY))).toBe(0);
    expect(mailsTo('billing-a@example.test')).toHaveLength(1);
    expect(mailsTo('billing-far@example.test')).toHaveLength(0);
    void far;

    // a renewed subscription that nears its new end is a new notice
    await t.ctx.db.tenant.update({
      where: { id: tenant.id },
      data: { subscriptionExpiresAt: new Date(now.getTime() + 36 * DAY) },
    });
    expect(await sweepBillingNotices(t.ctx, new Date(now.getTime() + 31 * DAY))).toBe(1);
  });

  it('mails overdue invoices to the owner when the tenant has no address, and device-limit warnings', async () => {
    const owner = await buildUser(t.ctx.db, { email: 'owner-b@example.test' });
    const plan = await t.ctx.db.subscription.create({ data: { name: 'Four', deviceLimit: 4 } });
    const tenant = await buildTenant(t.ctx.db, { userId: owner.id, subscriptionId: plan.id });
    await t.ctx.db.invoice.create({
      data: {
        tenantId: tenant.id,
        number: 'INV-TEST-OVERDUE',
        status: 'OVERDUE',
        amountCents: 1000,
        periodStart: new Date('2026-05-01T00:00:00Z'),
        periodEnd: new Date('2026-06-01T00:00:00Z'),
        dueAt: new Date(now.getTime() - 3 * DAY),
      },
    });
    for (let i = 0; i < 3; i++) {
      await t.ctx.db.device.create({
        data: { name: `d${i}`, uniqueId: `notice-${tenant.id}-${i}`, tenantId: tenant.id },
      });
    }
    const overdue = await t.ctx.db.billingNotification.create({
      data: { name: 'Overdue', type: 'INVOICE_OVERDUE', value: 2 },
    });
    await t.ctx.db.billingNotification.create({ data: { name: 'Late', type: 'INVOICE_OVERDUE', value: 10 } });
    await t.ctx.db.billingNotification.create({ data: { name: 'Full', type: 'DEVICE_LIMIT_REACHED', value: 75 } });
    await t.ctx.db.billingNotification.create({
      data: { name: 'Off', type: 'DEVICE_LIMIT_REACHED', value: 50, enabled: false },
    });
    await sweepBillingNotices(t.ctx, now);
    await sweepBillingNotices(t.ctx, now);
    await smtp.waitFor((m) => m.subject === `${tenant.name} uses 3 of its 4 devices`);
    const subjects = mailsTo('owner-b@example.test').map((m) => m.subject);
    expect(subjects.sort()).toEqual(
      ['Invoice INV-TEST-OVERDUE is overdue', `${tenant.name} uses 3 of its 4 devices`].sort(),
    );
    expect(await t.ctx.db.billingNotice.count({ where: { ruleId: overdue.id, tenantId: tenant.id } })).toBe(1);
  });

  it('releases a notice whose mail failed, so the next pass sends it', async () => {
    const tenant = await buildTenant(t.ctx.db, {
      email: 'retry@example.test',
      subscriptionExpiresAt: new Date(now.getTime() + DAY),
    });
    const rule = await t.ctx.db.billingNotification.create({
      data: { name: 'Tomorrow', type: 'DAYS_BEFORE_EXPIRY', value: 2, tenantId: tenant.id },
    });
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      expect(await sweepBillingNotices(t.ctx, now)).toBe(0);
    } finally {
      t.ctx.mailer.send = send;
    }
    expect(await t.ctx.db.billingNotice.count({ where: { ruleId: rule.id } })).toBe(0);
    expect(await sweepBillingNotices(t.ctx, now)).toBeGreaterThanOrEqual(1);
    await smtp.waitFor((m) => m.recipients.includes('retry@example.test'));
  });
});
