import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser } from '../testing/factories';
import { storeEvent } from '../testing/history';
import type { TestSmtpServer } from '../testing/smtp';
import { startSmtpServer } from '../testing/smtp';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { BACKOFF_MS, processDue } from './outbox';
import type { CaptureServer } from './testing/capture-server';
import { startCaptureServer } from './testing/capture-server';

let t: TestApp;
let gateway: CaptureServer;
let smtp: TestSmtpServer;
beforeAll(async () => {
  gateway = await startCaptureServer();
  smtp = await startSmtpServer();
  t = await createTestApp({
    ...smtp.env,
    WAYMARK_SMS_URL: `${gateway.url}/sms`,
    WAYMARK_SMS_AUTHORIZATION: 'Bearer very-secret',
    WAYMARK_NOTIFY_ATTEMPTS: '3',
  });
});
afterAll(async () => {
  await t.close();
  await gateway.close();
  await smtp.close();
});

async function pending(channel: string, count = 1) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, phone: '+30 690', permissions: [] });
  const device = await t.ctx.db.device.create({
    data: { name: 'Truck', uniqueId: `ob-${tenant.id}`, tenantId: tenant.id },
  });
  const rows = [];
  for (let i = 0; i < count; i++) {
    const event = await storeEvent(t.ctx.db, {
      data: { tenantId: tenant.id, deviceId: device.id, type: 'deviceOnline', eventTime: new Date() },
    });
    rows.push(
      await t.ctx.db.notificationDelivery.create({
        data: { tenantId: tenant.id, eventId: event.id, userId: user.id, channel, nextAttemptAt: new Date(0) },
      }),
    );
  }
  return { user, rows };
}

describe('outbox worker', () => {
  it('retries a failing send with growing waits, then marks it FAILED without secrets in lastError', async () => {
    const { rows } = await pending('sms');
    const id = rows[0]?.id as bigint;
    const row = () => t.ctx.db.notificationDelivery.findUniqueOrThrow({ where: { id } });
    let now = new Date('2030-01-01T00:00:00Z');
    gateway.answers.push(
      { status: 500, body: 'gateway down' },
      { status: 502, body: '' },
      { status: 500, body: 'still down' },
    );
    expect(await processDue(t.ctx, now)).toBe(1);
    expect(await row()).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'the sms gateway answered 500: gateway down',
      nextAttemptAt: new Date(now.getTime() + BACKOFF_MS[0]!),
    });
    expect(await processDue(t.ctx, new Date(now.getTime() + BACKOFF_MS[0]! - 1))).toBe(0); // not due yet
    now = new Date(now.getTime() + BACKOFF_MS[0]!);
    expect(await processDue(t.ctx, now)).toBe(1);
    expect(await row()).toMatchObject({ attempts: 2, nextAttemptAt: new Date(now.getTime() + BACKOFF_MS[1]!) });
    now = new Date(now.getTime() + BACKOFF_MS[1]!);
    expect(await processDue(t.ctx, now)).toBe(1);
    const failed = await row();
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      lastError: 'the sms gateway answered 500: still down',
    });
    expect(failed.lastError).not.toContain('very-secret');
    expect(gateway.requests).toHaveLength(3);
    expect(gateway.requests[0]?.headers.authorization).toBe('Bearer very-secret');
    expect(await processDue(t.ctx, new Date('2031-01-01T00:00:00Z'))).toBe(0);
  });

  it('marks a sent row SENT; a user without an address fails at once', async () => {
    const { rows } = await pending('mail');
    const { rows: noPhone, user } = await pending('sms');
    await t.ctx.db.user.update({ where: { id: user.id }, data: { phone: null } });
    await processDue(t.ctx, new Date('2030-06-01T00:00:00Z'));
    const sent = await t.ctx.db.notificationDelivery.findUniqueOrThrow({ where: { id: rows[0]?.id as bigint } });
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    const refused = await t.ctx.db.notificationDelivery.findUniqueOrThrow({ where: { id: noPhone[0]?.id as bigint } });
    expect(refused).toMatchObject({ status: 'FAILED', attempts: 1, lastError: 'the user has no phone number' });
  });

  it('lets two workers share the due rows without sending any twice (SKIP LOCKED)', async () => {
    const before = smtp.messages.length;
    const { rows, user } = await pending('mail', 8);
    const now = new Date('2030-07-01T00:00:00Z');
    const taken = await Promise.all([processDue(t.ctx, now, 8), processDue(t.ctx, now, 8)]);
    expect(taken[0] + taken[1]).toBe(8);
    const done = await t.ctx.db.notificationDelivery.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
    expect(done.every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
    expect(smtp.messages.slice(before).filter((m) => m.recipients.includes(user.email))).toHaveLength(8);
  });

  it('counts each SMS the gateway took in the day’s statistics', async () => {
    const today = new Date(new Date().toISOString().slice(0, 10));
    const smsSent = async () => {
      await t.ctx.statistics.flush(t.ctx.db);
      return (await t.ctx.db.statistic.findUnique({ where: { captureTime: today } }))?.smsSent ?? 0;
    };
    const before = await smsSent();
    const { rows } = await pending('sms', 2);
    gateway.answers.push({ status: 200, body: 'ok' }, { status: 500, body: 'down' });
    await processDue(t.ctx, new Date('2030-08-01T00:00:00Z'), 2);
    const statuses = await t.ctx.db.notificationDelivery.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
    expect(statuses.map((r) => r.status).sort()).toEqual(['PENDING', 'SENT']);
    expect((await smsSent()) - before).toBe(1);
  });
});
