import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureServer } from '../../notifications/testing/capture-server';
import { startCaptureServer } from '../../notifications/testing/capture-server';
import { openSocket, waitUntil } from '../../notifications/testing/socket';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestSmtpServer } from '../../testing/smtp';
import { sentTo, startSmtpServer } from '../../testing/smtp';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let telegram: CaptureServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  telegram = await startCaptureServer();
  t = await createTestApp({ ...smtp.env, WAYMARK_TELEGRAM_TOKEN: '42:abc', WAYMARK_TELEGRAM_URL: telegram.url });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await telegram.close();
});

async function member(permissions: Permission[], attributes = {}) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions, attributes });
  const session = await signIn(t.app, user.email);
  return { user, authorization: session.authorization, accessToken: session.body.accessToken as string };
}

describe('/api/notifications/notificators and /api/notifications/test', () => {
  it('lists web, mail and the channels whose settings exist', async () => {
    const { authorization } = await member(['VIEW_NOTIFICATIONS']);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/notificators',
      headers: { authorization },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { type: 'web' },
      { type: 'mail' },
      { type: 'telegram' },
      { type: 'webhook' },
      { type: 'command' },
    ]);
  });

  it('sends the caller a test on web, mail and telegram, in their language', async () => {
    // the live socket needs a flag that reads positions
    const { user, authorization, accessToken } = await member(['VIEW_NOTIFICATIONS', 'VIEW_DEVICES'], {
      language: 'el',
      telegramChatId: '777',
    });
    const other = await member(['VIEW_NOTIFICATIONS', 'VIEW_DEVICES']);
    const mine = await openSocket(t.app, accessToken);
    const theirs = await openSocket(t.app, other.accessToken);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/notifications/test', headers: { authorization } });
      expect(res.statusCode).toBe(204);
      const mail = await smtp.waitFor(sentTo(user.email));
      expect(mail.subject).toBe('Δοκιμαστική ειδοποίηση');
      expect(telegram.requests.map((r) => [r.url, JSON.parse(r.body)])).toEqual([
        ['/bot42:abc/sendMessage', { chat_id: '777', text: 'Αυτή είναι μια δοκιμαστική ειδοποίηση από το Waymark' }],
      ]);
      await waitUntil(() => mine.frames.length >= 2, 'the test event frame');
      expect(mine.frames[1]).toEqual({ events: [expect.objectContaining({ type: 'test' })] });
      await new Promise((r) => setTimeout(r, 100));
      expect(theirs.frames.slice(1)).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('answers 502 naming the channel that failed', async () => {
    const { authorization } = await member(['VIEW_NOTIFICATIONS'], { telegramChatId: '1' });
    telegram.answers.push({ status: 400, body: '{"description":"chat not found"}' });
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/test', headers: { authorization } });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'Test notification failed on telegram (telegram answered 400: {"description":"chat not found"})',
    );
  });

  it('needs VIEW_NOTIFICATIONS', async () => {
    const { authorization } = await member(['VIEW_DEVICES']);
    for (const [method, url] of [
      ['GET', '/api/notifications/notificators'],
      ['POST', '/api/notifications/test'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: { authorization } })).statusCode).toBe(403);
    }
  });
});

async function memberOf(tenantId: number, permissions: Permission[], attributes = {}) {
  const user = await buildUser(t.ctx.db, { tenantId, permissions, attributes });
  const session = await signIn(t.app, user.email);
  return { user, authorization: session.authorization, accessToken: session.body.accessToken as string };
}

describe('POST /api/notifications/test/:notificator', () => {
  it('sends the test on that channel alone', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const { user, authorization } = await memberOf(tenant.id, ['VIEW_NOTIFICATIONS'], { telegramChatId: '501' });
    telegram.requests.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/test/telegram',
      headers: { authorization },
    });
    expect(res.statusCode).toBe(204);
    expect(telegram.requests.map((r) => JSON.parse(r.body))).toEqual([
      { chat_id: '501', text: 'This is a test notification from Waymark' },
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.filter(sentTo(user.email))).toEqual([]);

    const mail = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/test/mail',
      headers: { authorization },
    });
    expect(mail.statusCode).toBe(204);
    expect((await smtp.waitFor(sentTo(user.email))).subject).toBe('Test notification');
    expect(telegram.requests).toHaveLength(1);
  });

  it('answers 404 for a channel the server does not offer, 400 without an address or when sending fails', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const { authorization } = await memberOf(tenant.id, ['VIEW_NOTIFICATIONS']);
    for (const name of ['sms', 'webhook', 'command', 'carrier-pigeon']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/test/${name}`,
        headers: { authorization },
      });
      expect(res.statusCode, name).toBe(404);
    }
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/test/telegram',
      headers: { authorization },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('You have no address for telegram notifications');

    const withChat = await memberOf(tenant.id, ['VIEW_NOTIFICATIONS'], { telegramChatId: '1' });
    telegram.answers.push({ status: 400, body: '{"description":"chat not found"}' });
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/test/telegram',
      headers: { authorization: withChat.authorization },
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toMatch(/^Test notification failed on telegram \(telegram answered 400/);
  });

  it('pushes the test to the caller’s websockets with its text in attributes.message', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const { authorization, accessToken } = await memberOf(tenant.id, ['VIEW_NOTIFICATIONS', 'VIEW_DEVICES'], {
      language: 'fr',
    });
    const socket = await openSocket(t.app, accessToken);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/test/web',
        headers: { authorization },
      });
      expect(res.statusCode).toBe(204);
      await waitUntil(() => socket.frames.length >= 2, 'the test frame');
      expect(socket.frames[1]).toEqual({
        events: [
          expect.objectContaining({
            type: 'test',
            attributes: { message: 'Ceci est une notification de test de Waymark' },
          }),
        ],
      });
    } finally {
      socket.close();
    }
  });
});

const announce = (url: string, authorization: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { authorization }, payload });

describe('POST /api/notifications/send/:notificator (announcements)', () => {
  it('mails the message to the users named, as the caller manages them, and audits it', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const manager = await memberOf(tenant.id, ['VIEW_USERS']);
    const ann = await buildUser(t.ctx.db, { tenantId: tenant.id });
    const bob = await buildUser(t.ctx.db, { tenantId: tenant.id });
    const carl = await buildUser(t.ctx.db, { tenantId: tenant.id });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/send/mail?userId=${ann.id}&userId=${bob.id}`,
      headers: { authorization: manager.authorization },
      payload: { subject: 'Maintenance tonight', body: 'The server restarts at 22:00.\nBack by 22:15.' },
    });
    expect(res.statusCode).toBe(204);
    for (const user of [ann, bob]) {
      const mail = await smtp.waitFor(sentTo(user.email));
      expect(mail).toMatchObject({ subject: 'Maintenance tonight' });
      expect(mail.text).toContain('Back by 22:15.');
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.filter(sentTo(carl.email))).toEqual([]);
    const row = await t.ctx.db.auditLog.findFirstOrThrow({
      where: { action: 'notification.announcement', userId: manager.user.id },
    });
    expect(row.details).toMatchObject({ channel: 'mail', recipients: 2, failed: 0 });
  });

  it('without userId reaches every active user of the caller’s tenants on the web channel, nobody else', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const other = await buildTenant(t.ctx.db);
    const manager = await memberOf(tenant.id, ['VIEW_USERS']);
    const mine = await memberOf(tenant.id, ['VIEW_DEVICES']);
    const theirs = await memberOf(other.id, ['VIEW_DEVICES']);
    const sockets = [await openSocket(t.app, mine.accessToken), await openSocket(t.app, theirs.accessToken)];
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/send/web',
        headers: { authorization: manager.authorization },
        payload: { body: 'Depot closed on Monday', priority: true },
      });
      expect(res.statusCode).toBe(204);
      await waitUntil(() => (sockets[0]?.frames.length ?? 0) >= 2, 'the announcement frame');
      expect(sockets[0]?.frames[1]).toEqual({
        events: [
          expect.objectContaining({
            type: 'announcement',
            attributes: { priority: true, message: 'Depot closed on Monday' },
          }),
        ],
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(sockets[1]?.frames.slice(1)).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('refuses users of another tenant (404), callers who manage no users (403) and an empty body (400)', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const other = await buildTenant(t.ctx.db);
    const manager = await memberOf(tenant.id, ['VIEW_USERS']);
    const stranger = await buildUser(t.ctx.db, { tenantId: other.id });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/send/mail?userId=${manager.user.id}&userId=${stranger.id}`,
      headers: { authorization: manager.authorization },
      payload: { body: 'Hello' },
    });
    expect(foreign.statusCode).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.filter((m) => sentTo(stranger.email)(m) || sentTo(manager.user.email)(m))).toEqual([]);
    const plain = await memberOf(tenant.id, ['VIEW_NOTIFICATIONS']);
    const refused = await announce('/api/notifications/send/mail', plain.authorization, { body: 'Hello' });
    expect(refused.statusCode).toBe(403);
    const empty = await announce('/api/notifications/send/mail', manager.authorization, { subject: 'No body' });
    expect(empty.statusCode).toBe(400);
  });

  it('lists only the channels that reach a person with ?announcement=true', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const { authorization } = await memberOf(tenant.id, ['VIEW_NOTIFICATIONS']);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/notificators?announcement=true',
      headers: { authorization },
    });
    expect(res.json()).toEqual([{ type: 'web' }, { type: 'mail' }, { type: 'telegram' }]);
  });
});
