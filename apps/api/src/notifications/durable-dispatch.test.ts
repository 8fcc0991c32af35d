import type { PositionMessage } from '@waymark/contracts/bus';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../pipeline/pg-pool';
import type { StoredBatch } from '../pipeline/position-pipeline';
import { createPositionPipeline } from '../pipeline/position-pipeline';
import { createStatusHandler } from '../pipeline/status';
import { defaultPipelineConfig } from '../pipeline/types';
import { buildTenant, buildUser } from '../testing/factories';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { dispatchEvents, sweepPendingDispatches } from './dispatch';

// No outbox worker runs here: the rows the dispatch writes stay PENDING, so they can be counted.

let t: TestApp;
let pool: ReturnType<typeof createPool>;
beforeAll(async () => {
  t = await createTestApp();
  pool = createPool(t.databaseUrl, 2);
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

/** The pipeline as the API runs it, with `afterCommit` in the place of processing.ts's onStored. */
const pipeline = (afterCommit: (batch: StoredBatch) => void) =>
  createPositionPipeline({
    pool,
    config: defaultPipelineConfig,
    log: pino({ level: 'silent' }),
    registerUnknown: async () => false,
    onStored: afterCommit,
  });

let seq = 0;
const ids = (n: number) => Array.from({ length: n }, () => `1772366400000-${seq++}`);

function reply(uniqueId: string, attributes: PositionMessage['attributes']): PositionMessage {
  const time = new Date().toISOString();
  return {
    protocol: 'gt06',
    uniqueId,
    deviceTime: time,
    fixTime: time,
    outdated: false,
    valid: true,
    latitude: 52.5,
    longitude: 13.4,
    altitude: 0,
    speed: 0,
    course: 0,
    accuracy: 0,
    network: null,
    attributes,
    serverTime: time,
    nodeId: 'test',
  };
}

/**
 * A device with a command waiting for its answer, a user who hears of deviceOnline and commandResult by mail,
 * and a rule that sends a saved command when the device comes online.
 */
async function scene(uniqueId: string) {
  const tenant = await buildTenant(t.ctx.db);
  const device = await t.ctx.db.device.create({ data: { name: uniqueId, uniqueId, tenantId: tenant.id } });
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_NOTIFICATIONS'] });
  const saved = await t.ctx.db.command.create({
    data: { tenantId: tenant.id, description: 'Locate', type: 'positionSingle' },
  });
  await t.ctx.db.notification.create({
    data: {
      tenantId: tenant.id,
      type: 'deviceOnline',
      always: true,
      channels: ['mail', 'command'],
      commandId: saved.id,
    },
  });
  await t.ctx.db.notification.create({
    data: { tenantId: tenant.id, type: 'commandResult', always: true, channels: ['mail', 'web'] },
  });
  const sent = await t.ctx.db.queuedCommand.create({
    data: { tenantId: tenant.id, deviceId: device.id, type: 'engineStop', status: 'SENT', sentAt: new Date() },
  });
  return { device, user, saved, sent };
}

const deliveriesOf = async (deviceId: number) => {
  const events = await t.ctx.db.event.findMany({ where: { deviceId }, orderBy: { id: 'asc' } });
  const rows = await t.ctx.db.notificationDelivery.findMany({ where: { eventId: { in: events.map((e) => e.id) } } });
  const marks = await t.ctx.db.pendingDispatch.count({ where: { eventId: { in: events.map((e) => e.id) } } });
  const typeOf = new Map(events.map((e) => [e.id, e.type]));
  const keys = rows
    .map((r) => `${typeOf.get(r.eventId)} ${r.channel} ${r.userId ?? `saved:${r.savedCommandId}`}`)
    .sort();
  return { events, keys, marks };
};

describe('notifications survive a crash between the pipeline commit and the dispatch', () => {
  it('stores the answer, its event and the pending marks with the positions; the sweep writes each delivery once', async () => {
    const s = await scene('durable-1');
    // the process dies right after COMMIT: nothing after the transaction runs
    const handle = pipeline(() => {
      throw new Error('killed after commit');
    });
    await handle([reply('durable-1', { result: 'Engine stopped' })], { ids: ids(1) });

    const afterCrash = await deliveriesOf(s.device.id);
    expect(afterCrash.events.map((e) => e.type).sort()).toEqual(['commandResult', 'deviceOnline']);
    expect(afterCrash.keys).toEqual([]);
    expect(afterCrash.marks).toBe(2);
    // the command result was recorded in the positions' transaction, not after it
    expect(await t.ctx.db.queuedCommand.findUniqueOrThrow({ where: { id: s.sent.id } })).toMatchObject({
      status: 'DELIVERED',
      result: 'Engine stopped',
    });
    expect(afterCrash.events.find((e) => e.type === 'commandResult')?.attributes).toEqual({
      result: 'Engine stopped',
      commandId: Number(s.sent.id),
    });

    // fresh marks are left to their own node's dispatch; once old enough, any node's sweep takes them
    await sweepPendingDispatches(t.ctx);
    expect((await deliveriesOf(s.device.id)).marks).toBe(2);
    expect(await sweepPendingDispatches(t.ctx, { olderThanMs: 0 })).toBeGreaterThanOrEqual(2);
    const expected = [
      `commandResult mail ${s.user.id}`,
      `deviceOnline command saved:${s.saved.id}`,
      `deviceOnline mail ${s.user.id}`,
    ];
    const swept = await deliveriesOf(s.device.id);
    expect(swept.keys).toEqual(expected);
    expect(swept.marks).toBe(0);

    // a second sweep, and the dead process's dispatch arriving late after all, add nothing
    await sweepPendingDispatches(t.ctx, { olderThanMs: 0 });
    await dispatchEvents(t.ctx, swept.events);
    expect((await deliveriesOf(s.device.id)).keys).toEqual(expected);
  });

  it('writes the deliveries once when the bus redelivers a dispatched batch', async () => {
    const s = await scene('durable-2');
    const dispatched: Promise<void>[] = [];
    const handle = pipeline((batch) => void dispatched.push(dispatchEvents(t.ctx, batch.events)));
    const batch = [reply('durable-2', { result: 'Done' })];
    const batchIds = ids(1);
    await handle(batch, { ids: batchIds });
    await Promise.all(dispatched);
    const first = await deliveriesOf(s.device.id);
    expect(first.keys).toEqual([
      `commandResult mail ${s.user.id}`,
      `deviceOnline command saved:${s.saved.id}`,
      `deviceOnline mail ${s.user.id}`,
    ]);
    expect(first.marks).toBe(0);

    await handle(batch, { ids: batchIds }); // the acknowledgement was lost: the bus delivers it again
    await Promise.all(dispatched);
    await sweepPendingDispatches(t.ctx, { olderThanMs: 0 });
    const again = await deliveriesOf(s.device.id);
    expect(again.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    expect(again.keys).toEqual(first.keys);
    expect(await t.ctx.db.queuedCommand.findUniqueOrThrow({ where: { id: s.sent.id } })).toMatchObject({
      status: 'DELIVERED',
    });
  });

  it('keeps the marks of events whose dispatch failed, for the sweep', async () => {
    const s = await scene('durable-3');
    const broken = {
      ...t.ctx,
      db: new Proxy(t.ctx.db, {
        get: (db, key) =>
          key === 'notificationDelivery' || key === '$transaction'
            ? () => Promise.reject(new Error('database gone'))
            : Reflect.get(db, key),
      }),
    };
    const dispatched: Promise<void>[] = [];
    const handle = pipeline((batch) => void dispatched.push(dispatchEvents(broken, batch.events)));
    await handle([reply('durable-3', {})], { ids: ids(1) });
    await Promise.all(dispatched);
    expect(await deliveriesOf(s.device.id)).toMatchObject({ keys: [], marks: 1 });
    await sweepPendingDispatches(t.ctx, { olderThanMs: 0 });
    expect(await deliveriesOf(s.device.id)).toMatchObject({
      keys: [`deviceOnline command saved:${s.saved.id}`, `deviceOnline mail ${s.user.id}`],
      marks: 0,
    });
  });

  it("marks the status handler's events as well: a crash before their dispatch leaves them to the sweep", async () => {
    const s = await scene('durable-4');
    // the status handler stores deviceOnline; its onEvents (the dispatch) never runs
    const handle = createStatusHandler(t.ctx.db, t.ctx.live, () => {});
    const time = new Date().toISOString();
    await handle([{ uniqueId: 'durable-4', event: 'connected', time, nodeId: 'n', protocol: 'gt06' } as never]);
    expect(await deliveriesOf(s.device.id)).toMatchObject({ keys: [], marks: 1 });
    await sweepPendingDispatches(t.ctx, { olderThanMs: 0 });
    expect(await deliveriesOf(s.device.id)).toMatchObject({
      keys: [`deviceOnline command saved:${s.saved.id}`, `deviceOnline mail ${s.user.id}`],
      marks: 0,
    });
  });
});
