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
