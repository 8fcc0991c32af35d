import type { PositionMessage } from '@waymark/contracts/bus';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../testing/factories';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { createPool } from './pg-pool';
import type { StoredBatch } from './position-pipeline';
import { createPositionPipeline } from './position-pipeline';
import { defaultPipelineConfig } from './types';

let t: TestApp;
let pool: ReturnType<typeof createPool>;
const stored: StoredBatch[] = [];
let registerUnknown = false;
let handle: ReturnType<typeof createPositionPipeline>;

beforeAll(async () => {
  t = await createTestApp();
  pool = createPool(t.databaseUrl, 2);
  handle = createPositionPipeline({
    pool,
    config: defaultPipelineConfig,
    log: pino({ level: 'silent' }),
    registerUnknown: async () => registerUnknown,
    onStored: (b) => stored.push(b),
    now: () => new Date('2026-03-01T12:00:00Z'),
  });
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

let seq = 0;
function message(uniqueId: string, minute: number, over: Partial<PositionMessage> = {}): PositionMessage {
  const time = new Date(Date.UTC(2026, 2, 1, 11, minute)).toISOString();
  return {
    protocol: 'osmand',
    uniqueId,
    deviceTime: time,
    fixTime: time,
    outdated: false,
    valid: true,
    latitude: 52.5 + minute * 0.001,
    longitude: 13.4,
    altitude: 34,
    speed: 12,
    course: 0,
    accuracy: 5,
    network: null,
    attributes: { ignition: true, batteryLevel: 80 },
    serverTime: time,
    nodeId: 'test',
    ...over,
  };
}
const ids = (n: number) => Array.from({ length: n }, () => `1772366400000-${seq++}`);

describe('position pipeline on PostgreSQL', () => {
  it('stores positions in order with distance, motion and hours, and moves the device', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const device = await t.ctx.db.device.create({ data: { name: 'Van', uniqueId: 'pipe-1', tenantId: tenant.id } });
    const batch = [message('pipe-1', 0), message('pipe-1', 1), message('pipe-1', 2)];
    await handle(batch, { ids: ids(3) });
    const rows = await t.ctx.db.position.findMany({ where: { deviceId: device.id }, orderBy: { fixTime: 'asc' } });
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.tenantId === tenant.id)).toBe(true);
    const attrs = rows.map((r) => r.attributes as Record<string, number | boolean>);
    expect(attrs[0]).toMatchObject({ distance: 0, totalDistance: 0, motion: true, batteryLevel: 80 });
    expect(attrs[1]?.distance).toBeCloseTo(111.2, 0);
    expect(attrs[2]?.totalDistance).toBeCloseTo(222.4, 0);
    expect(attrs[2]?.hours).toBe(120_000);
    const after = await t.ctx.db.device.findUniqueOrThrow({ where: { id: device.id } });
    expect(after.positionId).toBe(rows[2]?.id);
    expect(after.status).toBe('online');
    expect(after.lastUpdate?.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(rows[2]?.fixTime.toISOString()).toBe('2026-03-01T11:02:00.000Z');
    expect(stored.at(-1)?.positions).toHaveLength(3);
  });

  it('skips a redelivered batch: nothing is stored twice', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const device = await t.ctx.db.device.create({ data: { name: 'Truck', uniqueId: 'pipe-2', tenantId: tenant.id } });
    const batch = [message('pipe-2', 10), message('pipe-2', 11)];
    const batchIds = ids(2);
    await handle(batch, { ids: batchIds });
    await handle(batch, { ids: batchIds }); // the bus delivers it again (ack lost)
    await handle([...batch, message('pipe-2', 12)], { ids: [...batchIds, ...ids(1)] });
    expect(await t.ctx.db.position.count({ where: { deviceId: device.id } })).toBe(3);
  });

  it('rolls back on failure so the redelivery stores everything once', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const device = await t.ctx.db.device.create({ data: { name: 'Bike', uniqueId: 'pipe-3', tenantId: tenant.id } });
    // a year PostgreSQL cannot read (JavaScript's extended ISO form): the COPY fails after the first row
    const bad = message('pipe-3', 21, {
      fixTime: '-005000-03-01T11:21:00.000Z',
      deviceTime: '-005000-03-01T11:21:00.000Z',
    });
    const batchIds = ids(2);
    await expect(handle([message('pipe-3', 20), bad], { ids: batchIds })).rejects.toThrow();
    expect(await t.ctx.db.position.count({ where: { deviceId: device.id } })).toBe(0);
    await handle([message('pipe-3', 20), message('pipe-3', 21)], { ids: batchIds });
    expect(await t.ctx.db.position.count({ where: { deviceId: device.id } })).toBe(2);
  });

  it('stores text with tabs, line breaks, backslashes and quotes exactly (COPY escaping)', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const device = await t.ctx.db.device.create({ data: { name: 'Van', uniqueId: 'pipe-esc', tenantId: tenant.id } });
    const note = 'a\tb\nc\\d "q" \r\\N é \u0000';
    const network = { radioType: 'gsm', considerIp: false, cellTowers: [], wifiAccessPoints: [] };
    await handle(
      [message('pipe-esc', 40, { attributes: { note, 'odd\tkey': 1 }, network } as Partial<PositionMessage>)],
      {
        ids: ids(1),
      },
    );
    const stored = await t.ctx.db.position.findFirstOrThrow({ where: { deviceId: device.id } });
    expect((stored.attributes as Record<string, unknown>).note).toBe(note);
    expect((stored.attributes as Record<string, unknown>)['odd\tkey']).toBe(1);
    expect(stored.network).toEqual(network);
    expect(stored.fixTime.toISOString()).toBe('2026-03-01T11:40:00.000Z');
  });

  it('drops unknown devices unless the server registers them, and ignores disabled ones', async () => {
    await handle([message('nobody-1', 30)], { ids: ids(1) });
    expect(await t.ctx.db.device.findUnique({ where: { uniqueId: 'nobody-1' } })).toBeNull();
    registerUnknown = true;
    await handle([message('nobody-2', 30)], { ids: ids(1) });
    registerUnknown = false;
    const made = await t.ctx.db.device.findUniqueOrThrow({ where: { uniqueId: 'nobody-2' } });
    expect(made).toMatchObject({ tenantId: null, stockStatus: 'IN_STOCK' });
    expect(await t.ctx.db.position.count({ where: { deviceId: made.id } })).toBe(1);
    const off = await t.ctx.db.device.create({ data: { name: 'Off', uniqueId: 'pipe-off', disabled: true } });
    await handle([message('pipe-off', 30)], { ids: ids(1) });
    expect(await t.ctx.db.position.count({ where: { deviceId: off.id } })).toBe(0);
  });

  it('keeps an archived position out of the latest, and records geofence membership', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const device = await t.ctx.db.device.create({ data: { name: 'Car', uniqueId: 'pipe-4', tenantId: tenant.id } });
    const fence = await t.ctx.db.geofence.create({
      data: { name: 'Depot', tenantId: tenant.id, area: 'CIRCLE (52.54 13.4, 500)' },
    });
    await t.ctx.db.deviceGeofence.create({ data: { deviceId: device.id, geofenceId: fence.id } });
    await handle([message('pipe-4', 40), message('pipe-4', 5)], { ids: ids(2) });
    const latest = await t.ctx.db.device.findUniqueOrThrow({ where: { id: device.id } });
    const row = await t.ctx.db.position.findFirstOrThrow({ where: { id: latest.positionId as bigint } });
    expect(row.fixTime.toISOString()).toBe('2026-03-01T11:40:00.000Z');
    expect(row.geofenceIds).toEqual([fence.id]);
    const archived = await t.ctx.db.position.findFirstOrThrow({
      where: { deviceId: device.id, fixTime: new Date('2026-03-01T11:05:00Z') },
    });
    expect(archived.geofenceIds).toEqual([]);
  });
});
