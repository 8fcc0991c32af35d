import type { Permission } from '@waymark/contracts/permissions';
import { COMMAND_TYPES } from '@waymark/contracts/saved-command';
import { protocolCapabilities } from '@waymark/protocols/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { storePosition } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { supportedTypes } from '../commands/command-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(permissions: Permission[] = ['SEND_COMMAND'], tenantId?: number) {
  const tenant = tenantId ?? (await buildTenant(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { tenantId: tenant, permissions });
  return { tenantId: tenant, user, headers: { authorization: (await signIn(t.app, user.email)).authorization } };
}
const call = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as never, url, headers, payload: payload as never });

async function deviceReportingWith(protocol: string | null, tenantId: number) {
  const device = await t.ctx.db.device.create({
    data: { name: String(protocol), uniqueId: `${protocol}-${tenantId}-${Math.random()}`, tenantId },
  });
  if (!protocol) return device;
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

describe('saved commands: /api/commands', () => {
  it('creates, reads, updates and deletes a saved command', async () => {
    const { tenantId, headers } = await member();
    const created = await call(headers, 'POST', '/api/commands', {
      description: 'Report every minute',
      type: 'positionPeriodic',
      attributes: { frequency: 60 },
    });
    expect(created.statusCode).toBe(200);
    const command = created.json();
    expect(command).toEqual({
      id: expect.any(Number),
      description: 'Report every minute',
      type: 'positionPeriodic',
      textChannel: false,
      tenantId,
      attributes: { frequency: 60 },
    });
    expect((await call(headers, 'GET', `/api/commands/${command.id}`)).json()).toEqual(command);
    const updated = await call(headers, 'PUT', `/api/commands/${command.id}`, {
      attributes: { frequency: 30 },
      textChannel: true,
    });
    expect(updated.json()).toMatchObject({
      type: 'positionPeriodic',
      textChannel: true,
      attributes: { frequency: 30 },
    });
    const renamed = await call(headers, 'PUT', `/api/commands/${command.id}`, { description: 'Every 30 s' });
    expect(renamed.json()).toMatchObject({
      description: 'Every 30 s',
      textChannel: true,
      attributes: { frequency: 30 },
    });
    expect((await call(headers, 'DELETE', `/api/commands/${command.id}`)).statusCode).toBe(204);
    expect((await call(headers, 'GET', `/api/commands/${command.id}`)).statusCode).toBe(404);
  });

  it('validates parameters per type', async () => {
    const { tenantId, headers } = await member();
    for (const payload of [
      { description: 'X', type: 'custom' },
      { description: 'X', type: 'custom', attributes: { data: '' } },
      { description: 'X', type: 'positionPeriodic', attributes: { frequency: 'often' } },
      { description: 'X', type: 'setConnection', attributes: { server: 'h', port: 70000 } },
      { description: 'X', type: 'sosNumber', attributes: { index: 1, phone: 'call me' } },
      { description: 'X', type: 'engineStop', attributes: { enable: 'yes' } },
      { description: 'X', type: 'teleport' },
      { description: '', type: 'engineStop' },
    ]) {
      const res = await call(headers, 'POST', '/api/commands', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const custom = await call(headers, 'POST', '/api/commands', {
      description: 'Raw',
      type: 'custom',
      attributes: { data: 'CR' },
    });
    expect(custom.statusCode).toBe(200);
    const broken = await call(headers, 'PUT', `/api/commands/${custom.json().id}`, { attributes: {} });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('attributes.data: custom needs data');
    const retype = await call(headers, 'PUT', `/api/commands/${custom.json().id}`, { type: 'positionPeriodic' });
    expect(retype.json().message).toBe('attributes.frequency: positionPeriodic needs frequency');
    expect(await t.ctx.db.command.count({ where: { tenantId } })).toBe(1);
    expect((await t.ctx.db.command.findFirstOrThrow({ where: { tenantId } })).attributes).toEqual({ data: 'CR' });
  });

  it('filters the list by userId, groupId, deviceId, keyword, limit and offset', async () => {
    const { tenantId, user, headers } = await member();
    const other = await member(['SEND_COMMAND'], tenantId);
    const make = async (h: typeof headers, description: string) =>
      (await call(h, 'POST', '/api/commands', { description, type: 'engineStop' })).json();
    const a = await make(headers, 'Alpha');
    const b = await make(headers, 'Beta');
    const c = await make(other.headers, 'Gamma');
    const group = await t.ctx.db.group.create({ data: { name: 'G', tenantId } });
    const device = await deviceReportingWith(null, tenantId);
    await t.ctx.db.groupCommand.create({ data: { groupId: group.id, commandId: b.id } });
    await t.ctx.db.deviceCommand.create({ data: { deviceId: device.id, commandId: c.id } });
    const names = async (query: string) =>
      (await call(headers, 'GET', `/api/commands${query}`)).json().map((x: { description: string }) => x.description);
    expect(await names('')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names(`?userId=${user.id}`)).toEqual(['Alpha', 'Beta']);
    expect(await names(`?groupId=${group.id}`)).toEqual(['Beta']);
    expect(await names(`?deviceId=${device.id}`)).toEqual(['Gamma']);
    expect(await names('?keyword=lph')).toEqual(['Alpha']);
    expect(await names('?limit=1&offset=1')).toEqual(['Beta']);
    expect(a.id).toBeLessThan(c.id);
  });

  it('lists the saved commands and the types a device’s protocol can take', async () => {
    const { tenantId, headers } = await member();
    const watch = await deviceReportingWith('watch', tenantId);
    const gt06 = await deviceReportingWith('gt06', tenantId);
    const fresh = await deviceReportingWith(null, tenantId);
    const stop = (await call(headers, 'POST', '/api/commands', { description: 'Stop', type: 'engineStop' })).json();
    const locate = (
      await call(headers, 'POST', '/api/commands', { description: 'Locate', type: 'positionSingle' })
    ).json();
    const usable = async (deviceId: number) =>
      (await call(headers, 'GET', `/api/commands/send?deviceId=${deviceId}`)).json().map((c: { id: number }) => c.id);
    const sms = (
      await call(headers, 'POST', '/api/commands', {
        description: 'SMS text',
        type: 'custom',
        textChannel: true,
        attributes: { data: 'STATUS#' },
      })
    ).json();
    // watch has no engine stop; gt06 cannot locate on demand; both take a custom text by SMS
    expect(await usable(watch.id)).toEqual([locate.id, sms.id]);
    expect(await usable(gt06.id)).toEqual([stop.id, sms.id]);
    expect(await usable(fresh.id)).toEqual([stop.id, locate.id, sms.id]);

    const types = async (query: string) =>
      (await call(headers, 'GET', `/api/commands/types${query}`)).json().map((x: { type: string }) => x.type);
    const watchTypes = await types(`?deviceId=${watch.id}`);
    expect(watchTypes).toContain('positionSingle');
    expect(watchTypes).toContain('custom');
    expect(watchTypes).not.toContain('engineStop');
    expect(await types(`?deviceId=${gt06.id}`)).toContain('engineStop');
    expect(await types(`?deviceId=${fresh.id}`)).toEqual([...COMMAND_TYPES]);
    expect(await types('')).toEqual([...COMMAND_TYPES]);
    expect(await types(`?deviceId=${gt06.id}&textChannel=true`)).toContain('custom');
    expect(supportedTypes('nosuchprotocol', COMMAND_TYPES)).toBeNull();
  });

  it('lists the command types of a protocol named by protocol=, on its channel', async () => {
    const { headers } = await member();
    const types = async (query: string) => {
      const res = await call(headers, 'GET', `/api/commands/types${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((x: { type: string }) => x.type);
    };
    const catalogue = (name: string) => protocolCapabilities(name)?.commands ?? [];
    const gt06 = await types('?protocol=gt06');
    expect(gt06).toEqual(COMMAND_TYPES.filter((type) => catalogue('gt06').includes(type)));
    expect(gt06).toContain('engineStop');
    const watch = await types('?protocol=watch');
    expect(watch).toContain('positionSingle');
    expect(watch).not.toContain('engineStop');
    // over SMS: custom, and the protocol's types only when its encoder writes text
    const sms = await types('?protocol=gt06&textChannel=true');
    expect(sms).toContain('custom');
    expect(sms).toEqual(supportedTypes('gt06', COMMAND_TYPES, true));
    // a device named takes precedence over the protocol
    const own = await member();
    const mine = await deviceReportingWith('watch', own.tenantId);
    const byDevice = await call(own.headers, 'GET', `/api/commands/types?deviceId=${mine.id}&protocol=gt06`);
    expect(byDevice.json().map((x: { type: string }) => x.type)).toEqual(watch);
    const unknown = await call(headers, 'GET', '/api/commands/types?protocol=nosuchprotocol');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown protocol: nosuchprotocol');
    expect((await call(headers, 'GET', '/api/commands/types?protocol=')).statusCode).toBe(400);
  });

  it('refuses writes to an account limited to saved commands, which still lists them', async () => {
    const { tenantId, headers } = await member();
    const saved = (await call(headers, 'POST', '/api/commands', { description: 'Stop', type: 'engineStop' })).json();
    const limited = await buildUser(t.ctx.db, { tenantId, permissions: ['SEND_COMMAND'], limitCommands: true });
    const limitedHeaders = { authorization: (await signIn(t.app, limited.email)).authorization };
    const refused = await call(limitedHeaders, 'POST', '/api/commands', {
      description: 'Any',
      type: 'custom',
      attributes: { data: 'X' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only saved commands may be sent from this account');
    expect((await call(limitedHeaders, 'PUT', `/api/commands/${saved.id}`, { type: 'custom' })).statusCode).toBe(403);
    expect((await call(limitedHeaders, 'DELETE', `/api/commands/${saved.id}`)).statusCode).toBe(403);
    expect((await call(limitedHeaders, 'GET', '/api/commands')).json()).toEqual([saved]);
    expect(await t.ctx.db.command.findUniqueOrThrow({ where: { id: saved.id } })).toMatchObject({ type: 'engineStop' });
  });

  it('gives 404 for another tenant’s command or device, unchanged; requires SEND_COMMAND', async () => {
    const { headers } = await member();
    const other = await member();
    const foreign = (
      await call(other.headers, 'POST', '/api/commands', { description: 'Theirs', type: 'engineStop' })
    ).json();
    const foreignDevice = await deviceReportingWith('gt06', other.tenantId);
    expect((await call(headers, 'GET', `/api/commands/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'PUT', `/api/commands/${foreign.id}`, { description: 'Mine' })).statusCode).toBe(404);
    expect((await call(headers, 'DELETE', `/api/commands/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'GET', `/api/commands/send?deviceId=${foreignDevice.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'GET', `/api/commands/types?deviceId=${foreignDevice.id}`)).statusCode).toBe(404);
    expect((await call(headers, 'GET', '/api/commands')).json()).toEqual([]);
    expect(await t.ctx.db.command.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({
      description: 'Theirs',
    });
    const { headers: noFlag } = await member(['VIEW_DEVICES']);
    expect((await call(noFlag, 'GET', '/api/commands')).statusCode).toBe(403);
    expect((await call(noFlag, 'GET', '/api/commands/types')).statusCode).toBe(403);
    expect((await call(noFlag, 'POST', '/api/commands', { description: 'X', type: 'engineStop' })).statusCode).toBe(
      403,
    );
  });
});
