import { createBus } from '@waymark/bus/create-bus';
import type { Event as EventRow } from '@waymark/db/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../testing/factories';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { sweepInactive } from './inactivity';
import { flushQueued } from './queued-commands';
import { createStatusHandler, sweepStale } from './status';

let t: TestApp;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await buildTenant(t.ctx.db)).id;
});
afterAll(() => t.close());

const device = (uniqueId: string, data: Record<string, unknown> = {}) =>
  t.ctx.db.device.create({ data: { name: uniqueId, uniqueId, tenantId, ...data } });

describe('status events', () => {
  it('deviceOnline / deviceOffline when the connection status changes, handed on after storing', async () => {
    const d = await device('st-1', { status: 'offline' });
    const handed: EventRow[] = [];
    const handle = createStatusHandler(
      t.ctx.db,
      t.ctx.live,
      () => {},
      (rows) => handed.push(...rows),
    );
    const time = '2026-03-01T10:00:00.000Z';
    await handle([{ uniqueId: 'st-1', event: 'connected', time, nodeId: 'n', protocol: 'gt06' } as never]);
    await handle([{ uniqueId: 'st-1', event: 'connected', time, nodeId: 'n', protocol: 'gt06' } as never]);
    await handle([{ uniqueId: 'st-1', event: 'disconnected', time, nodeId: 'n', protocol: 'gt06' } as never]);
    const stored = await t.ctx.db.event.findMany({ where: { deviceId: d.id }, orderBy: { id: 'asc' } });
    expect(stored.map((e) => [e.type, e.eventTime.toISOString(), e.tenantId])).toEqual([
      ['deviceOnline', time, tenantId],
      ['deviceOffline', time, tenantId],
    ]);
    expect(handed.map((e) => e.id)).toEqual(stored.map((e) => e.id));
  });

  it('deviceUnknown from the stale sweep', async () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const d = await device('st-2', { status: 'online', lastUpdate: new Date('2026-03-01T11:00:00Z') });
    const fresh = await device('st-3', { status: 'online', lastUpdate: new Date('2026-03-01T11:59:00Z') });
    const handed: EventRow[] = [];
    await sweepStale(t.ctx.db, t.ctx.live, 600_000, now, (rows) => handed.push(...rows));
    expect(handed.map((e) => [e.type, e.deviceId])).toEqual([['deviceUnknown', d.id]]);
    expect(await t.ctx.db.event.count({ where: { deviceId: fresh.id } })).toBe(0);
  });
});

describe('deviceInactive sweep', () => {
  it('fires once per inactivity with the inherited inactivityPeriod', async () => {
    const group = await t.ctx.db.group.create({
      data: { name: 'Trailers', tenantId, attributes: { inactivityPeriod: 3_600_000 } },
    });
    const lastUpdate = new Date('2026-03-01T08:00:00Z');
    const idle = await device('in-1', { groupId: group.id, lastUpdate });
    const recent = await device('in-2', { groupId: group.id, lastUpdate: new Date('2026-03-01T09:30:00Z') });
    const unset = await device('in-3', { lastUpdate });
    const now = new Date('2026-03-01T10:00:00Z');
    const first = await sweepInactive(t.ctx.db, 0, now);
    expect(first.map((e) => [e.type, e.deviceId, e.eventTime.toISOString()])).toEqual([
      ['deviceInactive', idle.id, now.toISOString()],
    ]);
    expect(first[0]?.attributes).toEqual({ inactivityPeriod: 3_600_000, lastUpdate: lastUpdate.toISOString() });
    expect(await sweepInactive(t.ctx.db, 0, new Date('2026-03-01T10:20:00Z'))).toEqual([]);
    // a new update starts a new inactivity; the server default now covers the device without a setting
    await t.ctx.db.device.update({ where: { id: idle.id }, data: { lastUpdate: new Date('2026-03-01T10:30:00Z') } });
    const again = await sweepInactive(t.ctx.db, 7_200_000, new Date('2026-03-01T12:00:00Z'));
    expect(again.map((e) => e.deviceId).sort()).toEqual([idle.id, recent.id, unset.id].sort());
  });
});

describe('queuedCommandSent', () => {
  it('fires one event per queued command sent when the device connects', async () => {
    const d = await device('qc-1');
    const command = await t.ctx.db.queuedCommand.create({
      data: { tenantId, deviceId: d.id, type: 'engineStop', status: 'QUEUED' },
    });
    const bus = createBus({ nodeId: 'status-test', logger: pino({ level: 'silent' }) });
    const handed: EventRow[] = [];
    try {
      await flushQueued(t.ctx.db, bus, 'qc-1', pino({ level: 'silent' }), new Date(), (rows) => handed.push(...rows));
    } finally {
      await bus.close();
    }
    expect(handed.map((e) => [e.type, e.deviceId, e.attributes])).toEqual([
      ['queuedCommandSent', d.id, { commandId: Number(command.id), command: 'engineStop' }],
    ]);
    expect(await t.ctx.db.event.count({ where: { deviceId: d.id, type: 'queuedCommandSent' } })).toBe(1);
  });
});
