import type { RawLogFrame } from '@waymark/bus/device-log/device-log-store';
import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { logDay } from './device-log.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

const LOGIN = '78780d01035288707191199800017fff0d0a';
const record = (uniqueId: string, patch: Partial<RawLogFrame> = {}): RawLogFrame => ({
  at: Date.now(),
  direction: 'in',
  protocol: 'gt06',
  transport: 'tcp',
  remoteAddress: '10.1.2.3:40000',
  uniqueId,
  bytes: Buffer.from(LOGIN, 'hex'),
  size: 18,
  ...patch,
});
const text = (value: string) => ({ bytes: Buffer.from(value, 'latin1'), size: value.length });

async function tenantWithDevice(permissions: Permission[]) {
  const tenant = await buildTenant(t.ctx.db);
  const uniqueId = `log-${tenant.id}`;
  const device = await t.ctx.db.device.create({ data: { name: `Van ${tenant.id}`, uniqueId, tenantId: tenant.id } });
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  const { authorization } = await signIn(t.app, user.email);
  return { device, headers: { authorization } };
}

describe('GET /api/v2/devices/:id/log', () => {
  it("returns the day's entries of a visible device, oldest first, in pages", async () => {
    const { device, headers } = await tenantWithDevice(['VIEW_DEVICE_DETAILS']);
    t.ctx.deviceLog?.append([
      record(device.uniqueId),
      record(device.uniqueId, { direction: 'out', bytes: Buffer.from('787805010001d9dc0d0a', 'hex'), size: 10 }),
      record(device.uniqueId, text('hello')),
      record('someone-else'),
    ]);
    const first = await t.app.inject({ url: `/api/v2/devices/${device.id}/log?limit=2`, headers });
    expect(first.statusCode).toBe(200);
    const page = first.json().data;
    expect(page.date).toBe(today());
    expect(page.entries.map((e: { direction: string }) => e.direction)).toEqual(['in', 'out']);
    expect(page.entries[0]).toMatchObject({
      deviceId: device.id,
      uniqueId: device.uniqueId,
      protocol: 'gt06',
      encoding: 'hex',
      data: LOGIN,
    });
    expect(page.next).toBe(page.entries[1].id);
    const second = await t.app.inject({
      url: `/api/v2/devices/${device.id}/log?date=${today()}&after=${page.next}`,
      headers,
    });
    expect(second.json().data).toMatchObject({ entries: [{ data: 'hello', encoding: 'text' }], next: null });
  });

  it("answers 404 for another tenant's device and 403 without the flag", async () => {
    const mine = await tenantWithDevice(['VIEW_DEVICE_DETAILS']);
    const theirs = await tenantWithDevice(['VIEW_DEVICE_DETAILS']);
    t.ctx.deviceLog?.append([record(theirs.device.uniqueId)]);
    const foreign = await t.app.inject({ url: `/api/v2/devices/${theirs.device.id}/log`, headers: mine.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Device not found' });
    const file = await t.app.inject({ url: `/api/v2/devices/${theirs.device.id}/log/file`, headers: mine.headers });
    expect(file.statusCode).toBe(404);
    const lister = await tenantWithDevice(['VIEW_DEVICES']);
    const refused = await t.app.inject({ url: `/api/v2/devices/${lister.device.id}/log`, headers: lister.headers });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a date that is not a day, or a day the log does not keep, with a message that says why', async () => {
    const { device, headers } = await tenantWithDevice(['VIEW_DEVICE_DETAILS']);
    const malformed = await t.app.inject({ url: `/api/v2/devices/${device.id}/log?date=27-11-2026`, headers });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toEqual([{ path: 'querystring.date', message: 'date must be YYYY-MM-DD' }]);
    const impossible = await t.app.inject({ url: `/api/v2/devices/${device.id}/log?date=2026-02-30`, headers });
    expect(impossible.json().details[0].message).toBe('date is not a calendar day');
    const old = await t.app.inject({ url: `/api/v2/devices/${device.id}/log/file?date=2020-01-01`, headers });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toMatch(/keeps the last 24 hours only: choose a UTC day from .* \(not 2020-01-01\)/);
  });
});

describe('GET /api/v2/devices/:id/log/file', () => {
  it('streams the day as a text file, one line per frame, in UTC with milliseconds', async () => {
    const { device, headers } = await tenantWithDevice(['VIEW_DEVICE_DETAILS']);
    const time = new Date();
    t.ctx.deviceLog?.append([
      record(device.uniqueId, { at: time.getTime() }),
      record(device.uniqueId, { direction: 'out', ...text('OK\r\n') }),
    ]);
    const res = await t.app.inject({ url: `/api/v2/devices/${device.id}/log/file`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="device-log-${device.uniqueId}-${today()}.log"`,
    );
    const lines = res.body.trimEnd().split('\n');
    expect(lines[0]).toBe(`# Waymark device log of ${device.name} (${device.uniqueId}), ${today()} UTC+0`);
    const stamp = time.toISOString().replace('T', ' ').slice(0, 23);
    expect(lines[1]).toBe(`${stamp} [gt06 < 10.1.2.3:40000] tcp ${LOGIN}`);
    expect(lines[2]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \[gt06 > 10\.1\.2\.3:40000\] tcp text:OK\\r\\n$/);
    expect(lines).toHaveLength(3);
  });
});

describe('logDay', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  it('takes today by default and accepts yesterday, whose last hours the window still holds', () => {
    expect(logDay(undefined, now)).toEqual({
      date: '2026-11-27',
      from: Date.parse('2026-11-27T00:00:00Z'),
      to: Date.parse('2026-11-28T00:00:00Z'),
    });
    expect(logDay('2026-11-26', now).date).toBe('2026-11-26');
  });
  it('refuses tomorrow and the day before yesterday', () => {
    expect(() => logDay('2026-11-28', now)).toThrow('from 2026-11-26 to 2026-11-27');
    expect(() => logDay('2026-11-25', now)).toThrow('(not 2026-11-25)');
  });
});
