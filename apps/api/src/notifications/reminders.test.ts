import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../testing/factories';
import type { TestSmtpServer } from '../testing/smtp';
import { startSmtpServer } from '../testing/smtp';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { sweepReminders } from './reminders';

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(smtp.env);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const DAY = 24 * 3_600_000;

describe('reminder sweep', () => {
  it('mails the sendTo list once, 3 days before expiry, and again for a changed expiry', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const now = new Date('2030-03-10T09:00:00Z');
    const expiry = new Date(now.getTime() + 2 * DAY);
    const reminder = await t.ctx.db.maintenance.create({
      data: {
        tenantId: tenant.id,
        name: 'Insurance',
        type: 'reminder',
        attributes: {
          isReminder: true,
          item: 'Insurance of Van 1',
          remarks: 'Call the broker',
          sendTo: 'fleet@example.test, boss@example.test',
          expiry: expiry.toISOString(),
        },
      },
    });
    await t.ctx.db.maintenance.create({
      data: {
        tenantId: tenant.id,
        name: 'Later',
        type: 'reminder',
        attributes: {
          isReminder: true,
          item: 'Later',
          sendTo: 'later@example.test',
          expiry: new Date(now.getTime() + 4 * DAY).toISOString(),
        },
      },
    });
    await t.ctx.db.maintenance.create({
      data: {
        tenantId: tenant.id,
        name: 'Oil',
        type: 'totalDistance',
        attributes: { item: 'Oil', sendTo: 'oil@example.test', expiry: expiry.toISOString() },
      },
    });

    expect(await sweepReminders(t.ctx, now)).toBe(1);
    const mail = await smtp.waitFor((m) => m.subject.startsWith('Reminder'));
    expect(mail.recipients.sort()).toEqual(['boss@example.test', 'fleet@example.test']);
    expect(mail.subject).toBe('Reminder: Insurance of Van 1 expires on 2030-03-12 09:00:00 UTC');
    expect(mail.text).toContain('Call the broker');
    const marked = await t.ctx.db.maintenance.findUniqueOrThrow({ where: { id: reminder.id } });
    expect(marked.attributes).toMatchObject({ reminderNotifiedFor: expiry.toISOString(), isReminder: true });

    expect(await sweepReminders(t.ctx, new Date(now.getTime() + 3_600_000))).toBe(0);

    const moved = new Date(now.getTime() + 2.5 * DAY);
    await t.ctx.db.maintenance.update({
      where: { id: reminder.id },
      data: { attributes: { ...(marked.attributes as object), expiry: moved.toISOString() } },
    });
    expect(await sweepReminders(t.ctx, now)).toBe(1);
    expect(smtp.messages.filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(2);
    expect(
      smtp.messages.some(
        (m) => m.recipients.includes('later@example.test') || m.recipients.includes('oil@example.test'),
      ),
    ).toBe(false);
  });

  it('writes in the server language', async () => {
    await t.ctx.db.server.update({ where: { id: 1 }, data: { attributes: { language: 'fr' } } });
    try {
      const tenant = await buildTenant(t.ctx.db);
      const now = new Date('2031-01-01T00:00:00Z');
      await t.ctx.db.maintenance.create({
        data: {
          tenantId: tenant.id,
          name: 'Permis',
          type: 'reminder',
          attributes: {
            isReminder: true,
            item: 'Permis',
            sendTo: 'fr@example.test',
            expiry: '2031-01-02T00:00:00.000Z',
          },
        },
      });
      expect(await sweepReminders(t.ctx, now)).toBe(1);
      const mail = await smtp.waitFor((m) => m.recipients.includes('fr@example.test'));
      expect(mail.subject).toBe('Rappel : Permis expire le 2031-01-02 00:00:00 UTC');
    } finally {
      await t.ctx.db.server.update({ where: { id: 1 }, data: { attributes: {} } });
    }
  });
});
