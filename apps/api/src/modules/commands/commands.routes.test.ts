import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { storePosition } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { protocolSupports } from './command-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function deviceReportingWith(protocol: string, tenantId: number) {
  const device = await t.ctx.db.device.create({
    data: { name: protocol, uniqueId: `${protocol}-${tenantId}`, tenantId },
  });
  const time = new Date();
  const position = await storePosition(t.ctx.db, {
    data: {
      deviceId: device.id,
      tenantId,
      protocol,
      deviceTime: time,
      fixTime: time,
      valid: true,
      latitude: 1,
      longitude: 2,
    },
  });
  await t.ctx.db.device.update({
    where: { id: device.id },
    data: { positionId: position.id, positionTime: position.fixTime },
  });
  return device;
}

describe('POST /api/commands/send', () => {
  it('knows which command types a protocol can encode', () => {
    expect(protocolSupports('gt06', 'engineStop', {})).toBe(true);
    expect(protocolSupports('watch', 'engineStop', {})).toBe(false);
    expect(protocolSupports('nosuchprotocol', 'engineStop', {})).toBeNull();
  });

  it('refuses a type the device’s protocol cannot send, and queues one it can', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['SEND_COMMAND'] });
    const { authorization } = await signIn(t.app, user.email);
    const watch = await deviceReportingWith('watch', tenant.id);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/commands/send',
      headers: { authorization },
      payload: { deviceId: watch.id, type: 'engineStop' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("The device's protocol (watch) has no engineStop command");
    const gt06 = await deviceReportingWith('gt06', tenant.id);
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/commands/send',
      headers: { authorization },
      payload: { deviceId: gt06.id, type: 'engineStop' },
    });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ message: 'Command queued', status: 'QUEUED', type: 'engineStop' });
  });

  it('sends only saved commands for accounts limited to them, and refuses readonly accounts', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const limited = await buildUser(t.ctx.db, {
      tenantId: tenant.id,
      permissions: ['SEND_COMMAND'],
      limitCommands: true,
    });
    const readonly = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['SEND_COMMAND'], readonly: true });
    const device = await deviceReportingWith('h02', tenant.id);
    const saved = await t.ctx.db.command.create({
      data: { tenantId: tenant.id, description: 'Cut engine', type: 'engineStop' },
    });
    const custom = await t.ctx.db.command.create({
      data: { tenantId: tenant.id, description: 'Say hello', type: 'custom', attributes: { data: 'hello' } },
    });
    const asLimited = (await signIn(t.app, limited.email)).authorization;
    const adHoc = await t.app.inject({
      method: 'POST',
      url: '/api/commands/send',
      headers: { authorization: asLimited },
      payload: { deviceId: device.id, type: 'custom', attributes: { data: 'x' } },
    });
    expect(adHoc.statusCode).toBe(403);
    const viaSaved = await t.app.inject({
      method: 'POST',
      url: '/api/commands/send',
      headers: { authorization: asLimited },
      payload: { id: saved.id, deviceId: device.id },
    });
    expect(viaSaved.statusCode).toBe(202);
    expect(viaSaved.json().type).toBe('engineStop');
    // the saved command goes as saved: the limited account cannot rewrite its payload
    const overridden = await t.app.inject({
      method: 'POST',
      url: '/api/commands/send',
      headers: { authorization: asLimited },
      payload: { id: custom.id, deviceId: device.id, attributes: { data: 'FACTORY RESET' } },
    });
    expect(overridden.statusCode).toBe(202);
    expect(overridden.json()).toMatchObject({ type: 'custom', attributes: { data: 'hello' } });
    const asReadonly = (await signIn(t.app, readonly.email)).authorization;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/commands/send',
      headers: { authorization: asReadonly },
      payload: { deviceId: device.id, type: 'engineStop' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses every account but administrators while the server is read-only', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['SEND_COMMAND'] });
    const device = await deviceReportingWith('gt06', tenant.id);
    const { authorization } = await signIn(t.app, user.email);
    await t.ctx.db.server.update({ where: { id: 1 }, data: { readonly: true } });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/commands/send',
        headers: { authorization },
        payload: { deviceId: device.id, type: 'engineStop' },
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await t.ctx.db.server.update({ where: { id: 1 }, data: { readonly: false } });
    }
    expect(await t.ctx.db.queuedCommand.count({ where: { deviceId: device.id } })).toBe(0);
  });
});

describe('POST /api/commands/send?groupId= (a command to a group)', () => {
  it('sends it to every device of the group and its subgroups, reporting each, and to no other device', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['SEND_COMMAND'] });
    const { authorization } = await signIn(t.app, user.email);
    const fleet = await t.ctx.db.group.create({ data: { name: 'Fleet', tenantId: tenant.id } });
    const vans = await t.ctx.db.group.create({ data: { name: 'Vans', tenantId: tenant.id, parentGroupId: fleet.id } });
    const gt06 = await deviceReportingWith('gt06', tenant.id);
    const watch = await deviceReportingWith('watch', tenant.id);
    const van = await t.ctx.db.device.create({
      data: { name: 'Van', uniqueId: `van-${tenant.id}`, tenantId: tenant.id },
    });
    const outside = await t.ctx.db.device.create({
      data: { name: 'Outside', uniqueId: `out-${tenant.id}`, tenantId: tenant.id },
    });
    await t.ctx.db.device.updateMany({ where: { id: { in: [gt06.id, watch.id] } }, data: { groupId: fleet.id } });
    await t.ctx.db.device.update({ where: { id: van.id }, data: { groupId: vans.id } });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/commands/send?groupId=${fleet.id}`,
      headers: { authorization },
      payload: { type: 'engineStop' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual([
      expect.objectContaining({ deviceId: gt06.id, type: 'engineStop', status: 'QUEUED', message: 'Command queued' }),
      expect.objectContaining({
        deviceId: watch.id,
        id: 0,
        status: 'FAILED',
        message: "The device's protocol (watch) has no engineStop command",
      }),
      expect.objectContaining({ deviceId: van.id, status: 'QUEUED' }),
    ]);
    const queued = await t.ctx.db.queuedCommand.findMany({ where: { tenantId: tenant.id }, orderBy: { id: 'asc' } });
    expect(queued.map((q) => q.deviceId)).toEqual([gt06.id, van.id]);
    expect(queued.some((q) => q.deviceId === outside.id)).toBe(false);
  });

  it('gives 404 for another tenant’s group, 403 to a read-only account, 400 with neither device nor group', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const other = await buildTenant(t.ctx.db);
    const theirs = await t.ctx.db.group.create({ data: { name: 'Theirs', tenantId: other.id } });
    const device = await t.ctx.db.device.create({
      data: { name: 'Theirs', uniqueId: `theirs-${other.id}`, tenantId: other.id, groupId: theirs.id },
    });
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['SEND_COMMAND'] });
    const { authorization } = await signIn(t.app, user.email);
    const send = (url: string, headers: { authorization: string }) =>
      t.app.inject({ method: 'POST', url, headers, payload: { type: 'engineStop' } });
    expect((await send(`/api/commands/send?groupId=${theirs.id}`, { authorization })).statusCode).toBe(404);
    expect(await t.ctx.db.queuedCommand.count({ where: { deviceId: device.id } })).toBe(0);
    expect((await send('/api/commands/send', { authorization })).statusCode).toBe(400);

    const mine = await t.ctx.db.group.create({ data: { name: 'Mine', tenantId: tenant.id } });
    await t.ctx.db.device.create({
      data: { name: 'Mine', uniqueId: `mine-${tenant.id}`, tenantId: tenant.id, groupId: mine.id },
    });
    const reader = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['SEND_COMMAND'], readonly: true });
    const asReader = await signIn(t.app, reader.email);
    expect((await send(`/api/commands/send?groupId=${mine.id}`, asReader)).statusCode).toBe(403);
    expect(await t.ctx.db.queuedCommand.count({ where: { tenantId: tenant.id } })).toBe(0);
  });
});
