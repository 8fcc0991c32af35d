import { EVENT_TYPES } from '@waymark/contracts/event';
import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(
  permissions: Permission[] = ['VIEW_NOTIFICATIONS'],
  extra: { readonly?: boolean; limitCommands?: boolean } = {},
) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions, ...extra });
  const { authorization } = await signIn(t.app, user.email);
  return { tenant, user, headers: { authorization } };
}

describe('/api/notifications', () => {
  it('creates, reads, lists, updates and deletes a rule in Traccar’s shape', async () => {
    const { headers, tenant } = await member(['VIEW_NOTIFICATIONS', 'SEND_COMMAND']);
    const command = await t.ctx.db.command.create({
      data: { description: 'Stop', type: 'engineStop', tenantId: tenant.id },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers,
      payload: {
        type: 'alarm',
        always: true,
        notificators: 'web, mail,command,web',
        commandId: command.id,
        attributes: { alarms: 'sos,powerCut' },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const rule = created.json();
    expect(rule).toMatchObject({
      type: 'alarm',
      always: true,
      notificators: 'web,mail,command',
      commandId: command.id,
      calendarId: 0,
      tenantId: tenant.id,
      attributes: { alarms: 'sos,powerCut' },
    });
    expect((await t.ctx.db.notification.findUniqueOrThrow({ where: { id: rule.id } })).channels).toEqual([
      'web',
      'mail',
      'command',
    ]);
    const read = await t.app.inject({ method: 'GET', url: `/api/notifications/${rule.id}`, headers });
    expect(read.json()).toEqual(rule);
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(list.json()).toEqual([rule]);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${rule.id}`,
      headers,
      payload: {
        ...rule,
        type: 'geofenceEnter',
        notificators: 'webhook',
        attributes: { webhookUrl: 'https://93.184.216.34/h' },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // the saved command goes with the command channel
    expect(updated.json()).toMatchObject({ type: 'geofenceEnter', notificators: 'webhook', commandId: 0 });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${rule.id}`, headers });
    expect(removed.statusCode).toBe(204);
    expect(await t.ctx.db.notification.count({ where: { id: rule.id } })).toBe(0);
  });

  it('validates type, channels, alarms, webhook URL and the saved command', async () => {
    const { headers } = await member(['VIEW_NOTIFICATIONS', 'SEND_COMMAND']);
    const other = await buildTenant(t.ctx.db);
    const foreignCommand = await t.ctx.db.command.create({
      data: { description: 'B', type: 'engineStop', tenantId: other.id },
    });
    const bad = [
      { type: 'nonsense', notificators: 'web' },
      { type: 'alarm', notificators: 'web,carrierPigeon' },
      { type: 'alarm', notificators: 'web', attributes: { alarms: 'sos,dragons' } },
      { type: 'deviceOnline', notificators: 'web', attributes: { alarms: 'sos' } },
      { type: 'alarm', notificators: 'webhook', attributes: { webhookUrl: 'ftp://x.test' } },
      { type: 'alarm', notificators: 'command' },
    ];
    const inside = [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:6379/',
      'http://localhost/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://100.64.0.1/hook',
    ];
    for (const webhookUrl of inside) {
      const payload = { type: 'alarm', notificators: 'webhook', attributes: { webhookUrl } };
      const res = await t.app.inject({ method: 'POST', url: '/api/notifications', headers, payload });
      expect(res.statusCode, webhookUrl).toBe(400);
      expect(res.json().message, webhookUrl).toMatch(/private, loopback, link-local/);
    }
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/notifications', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers,
      payload: { type: 'alarm', notificators: 'command', commandId: foreignCommand.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await t.ctx.db.notification.count()).toBe(0);
  });

  it('saves the command channel only for accounts that may send commands themselves', async () => {
    for (const [permissions, extra] of [
      [['VIEW_NOTIFICATIONS'], {}],
      [['VIEW_NOTIFICATIONS', 'SEND_COMMAND'], { readonly: true }],
      [['VIEW_NOTIFICATIONS', 'SEND_COMMAND'], { limitCommands: true }],
    ] as const) {
      const m = await member([...permissions], extra);
      const command = await t.ctx.db.command.create({
        data: { description: 'Stop', type: 'engineStop', tenantId: m.tenant.id },
      });
      const payload = { type: 'deviceMoving', always: true, notificators: 'command', commandId: command.id };
      const res = await t.app.inject({ method: 'POST', url: '/api/notifications', headers: m.headers, payload });
      expect(res.statusCode, JSON.stringify({ permissions, extra })).toBe(403);
      expect(await t.ctx.db.notification.count({ where: { tenantId: m.tenant.id } })).toBe(0);
    }
    const viewer = await member();
    const web = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: viewer.headers,
      payload: { type: 'deviceMoving', always: true, notificators: 'web' },
    });
    expect(web.statusCode).toBe(200);
  });

  it('records who saved a rule as its author: the creator, then whoever updates it', async () => {
    const a = await member(['VIEW_NOTIFICATIONS', 'SEND_COMMAND']);
    const b = await buildUser(t.ctx.db, { tenantId: a.tenant.id, permissions: ['VIEW_NOTIFICATIONS', 'SEND_COMMAND'] });
    const command = await t.ctx.db.command.create({
      data: { description: 'Stop', type: 'engineStop', tenantId: a.tenant.id },
    });
    const payload = { type: 'deviceMoving', always: true, notificators: 'command', commandId: command.id };
    const created = await t.app.inject({ method: 'POST', url: '/api/notifications', headers: a.headers, payload });
    expect(created.statusCode, created.body).toBe(200);
    const authorOf = async () =>
      (await t.ctx.db.notification.findUniqueOrThrow({ where: { id: created.json().id } })).authorId;
    expect(await authorOf()).toBe(a.user.id);
    const { authorization } = await signIn(t.app, b.email);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${created.json().id}`,
      headers: { authorization },
      payload: { ...(created.json() as object), description: 'by b' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await authorOf()).toBe(b.id);
  });

  it('filters by device, group, user and keyword, and pages', async () => {
    const { headers, tenant, user } = await member();
    const mk = (type: string, description: string, always = false) =>
      t.ctx.db.notification.create({ data: { type, description, always, tenantId: tenant.id, channels: ['web'] } });
    const a = await mk('alarm', 'Panic button');
    const b = await mk('deviceOnline', 'Online', true);
    const c = await mk('geofenceExit', 'Left yard');
    const device = await t.ctx.db.device.create({ data: { name: 'D', uniqueId: `n-${a.id}`, tenantId: tenant.id } });
    const group = await t.ctx.db.group.create({ data: { name: 'G', tenantId: tenant.id } });
    await t.ctx.db.deviceNotification.create({ data: { deviceId: device.id, notificationId: a.id } });
    await t.ctx.db.groupNotification.create({ data: { groupId: group.id, notificationId: c.id } });
    await t.ctx.db.userLink.create({ data: { userId: user.id, kind: 'notification', objectId: c.id } });
    const ids = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/notifications?${q}`, headers }))
        .json()
        .map((n: { id: number }) => n.id);
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids(`deviceId=${device.id}`)).toEqual([a.id, b.id]);
    expect(await ids(`groupId=${group.id}`)).toEqual([c.id]);
    expect(await ids(`userId=${user.id}`)).toEqual([c.id]);
    expect(await ids('keyword=panic')).toEqual([a.id]);
    expect(await ids('limit=1&offset=2')).toEqual([c.id]);
  });

  it('lists every event type, hides other tenants’ rules and keeps read-only accounts out', async () => {
    const { headers } = await member();
    const types = await t.app.inject({ method: 'GET', url: '/api/notifications/types', headers });
    expect(types.json()).toEqual(EVENT_TYPES.map((type) => ({ type })));
    const other = await buildTenant(t.ctx.db);
    const foreign = await t.ctx.db.notification.create({ data: { type: 'alarm', tenantId: other.id } });
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/notifications/${foreign.id}`, headers });
      expect(res.statusCode).toBe(404);
    }
    const ro = await member(['VIEW_NOTIFICATIONS'], { readonly: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: ro.headers,
      payload: { type: 'alarm', notificators: 'web' },
    });
    expect(res.statusCode).toBe(403);
    const none = await member(['VIEW_DEVICES']);
    const denied = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: none.headers });
    expect(denied.statusCode).toBe(403);
  });
});
