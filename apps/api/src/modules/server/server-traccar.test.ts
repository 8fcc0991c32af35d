import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
let supervised: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SMTP_HOST: '127.0.0.1' });
  supervised = await createTestApp({ WAYMARK_SUPERVISED: 'true' });
});
afterAll(async () => {
  await t.close();
  await supervised.close();
});

describe('Traccar’s server fields', () => {
  it('answers twelveHourFormat and overlayUrl (administrators set them) and what the server can send', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/server' });
    expect(before.json()).toMatchObject({
      twelveHourFormat: false,
      overlayUrl: null,
      emailEnabled: true,
      textEnabled: false,
    });
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    // the computed fields a client sends back with the rest are ignored
    const payload = {
      twelveHourFormat: true,
      overlayUrl: 'https://tiles.example.test/{z}/{x}/{y}.png',
      emailEnabled: false,
    };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/server', headers: { authorization }, payload });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/server' });
    expect(after.json()).toMatchObject({
      twelveHourFormat: true,
      overlayUrl: 'https://tiles.example.test/{z}/{x}/{y}.png',
      emailEnabled: true,
    });
    const off = await supervised.app.inject({ method: 'GET', url: '/api/server' });
    expect(off.json()).toMatchObject({ emailEnabled: false, textEnabled: false });
  });
});

describe('GET /api/server/timezones', () => {
  it('lists the IANA zones, sorted, UTC included, to signed-in users', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/server/timezones',
      headers: await signIn(t.app, user.email),
    });
    expect(res.statusCode).toBe(200);
    const zones: string[] = res.json();
    expect(zones).toEqual(expect.arrayContaining(['Europe/Athens', 'America/New_York', 'Asia/Tokyo', 'UTC']));
    expect(zones).toEqual([...zones].sort());
    expect(zones.length).toBeGreaterThan(300);
    expect((await t.app.inject({ method: 'GET', url: '/api/server/timezones' })).statusCode).toBe(401);
  });
});

describe('POST /api/server/reboot', () => {
  it('says what it cannot do where nothing would start the server again, and stops nothing', async () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    try {
      const admin = await buildUser(t.ctx.db, { administrator: true });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/server/reboot',
        headers: await signIn(t.app, admin.email),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^This server cannot restart itself.*WAYMARK_SUPERVISED=true$/);
      expect(kill).not.toHaveBeenCalled();
    } finally {
      kill.mockRestore();
    }
  });

  it('under a supervisor answers 200, then stops the process as SIGTERM does; audited; administrators only', async () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    try {
      const tenant = await buildTenant(supervised.ctx.db);
      const owner = await buildUser(supervised.ctx.db, {
        tenantId: tenant.id,
        permissions: ['VIEW_USERS', 'VIEW_DEVICES'],
      });
      const refused = await supervised.app.inject({
        method: 'POST',
        url: '/api/server/reboot',
        headers: await signIn(supervised.app, owner.email),
      });
      expect(refused.statusCode).toBe(403);
      expect(kill).not.toHaveBeenCalled();

      const admin = await buildUser(supervised.ctx.db, { administrator: true });
      const res = await supervised.app.inject({
        method: 'POST',
        url: '/api/server/reboot',
        headers: await signIn(supervised.app, admin.email),
      });
      expect(res.statusCode).toBe(200);
      await vi.waitFor(() => expect(kill).toHaveBeenCalledWith(process.pid, 'SIGTERM'));
      expect(kill).toHaveBeenCalledTimes(1);
      expect(await supervised.ctx.db.auditLog.count({ where: { action: 'server.reboot', userId: admin.id } })).toBe(1);
    } finally {
      kill.mockRestore();
    }
  });
});
