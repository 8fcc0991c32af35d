import type { PositionMessage } from '@waymark/contracts/bus';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { createPool } from './pg-pool';
import { createPositionPipeline } from './position-pipeline';
import { defaultPipelineConfig } from './types';

let t: TestApp;
let pool: ReturnType<typeof createPool>;
let handle: ReturnType<typeof createPositionPipeline>;

beforeAll(async () => {
  t = await createTestApp();
  pool = createPool(t.databaseUrl, 2);
  handle = createPositionPipeline({
    pool,
    config: defaultPipelineConfig,
    log: pino({ level: 'silent' }),
    registerUnknown: async () => false,
    onStored: () => {},
    now: () => new Date('2026-03-01T12:00:00Z'),
  });
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

let seq = 0;
function at(uniqueId: string, second: number): PositionMessage {
  const time = new Date(Date.UTC(2026, 2, 1, 11, 0, second)).toISOString();
  return {
    protocol: 'gt06',
    uniqueId,
    deviceTime: time,
    fixTime: time,
    outdated: false,
    valid: true,
    latitude: 48 + second * 0.0001,
    longitude: 2,
    altitude: 0,
    speed: 10,
    course: 0,
    accuracy: 0,
    network: null,
    attributes: {},
    serverTime: time,
    nodeId: 'test',
  };
}
const publish = (messages: PositionMessage[]) =>
  handle(messages, { ids: messages.map(() => `1772366400000-${seq++}`) });

async function storedSeconds(uniqueId: string): Promise<number[]> {
  const device = await t.ctx.db.device.findUniqueOrThrow({ where: { uniqueId } });
  const rows = await t.ctx.db.position.findMany({ where: { deviceId: device.id }, orderBy: { id: 'asc' } });
  return rows.map((r) => r.fixTime.getUTCSeconds());
}

/**
 * Chaos run finding: a tracker whose ack was held (the bus full or down) gave up, resent the position to another
 * ingest and went on; the first ingest published its copy later, after the newer positions. That copy is older
 * than the device's latest position, so the duplicate filter (same fix time as the latest) let it through: the
 * position was stored twice and out of order.
 */
it('drops a resent position that arrives after newer ones, in a later batch or the same one', async () => {
  await t.ctx.db.device.create({ data: { name: 'Resender', uniqueId: 'late-dup-1' } });
  await publish([at('late-dup-1', 1), at('late-dup-1', 2)]);
  await publish([at('late-dup-1', 3)]);
  await publish([at('late-dup-1', 2)]); // the held copy of second 2, published late
  await publish([at('late-dup-1', 4), at('late-dup-1', 5), at('late-dup-1', 4)]);
  expect(await storedSeconds('late-dup-1')).toEqual([1, 2, 3, 4, 5]);
});

it('still stores a late position that was never stored (a buffered record)', async () => {
  await t.ctx.db.device.create({ data: { name: 'Buffered', uniqueId: 'late-dup-2' } });
  await publish([at('late-dup-2', 10), at('late-dup-2', 20)]);
  await publish([at('late-dup-2', 15)]);
  expect(await storedSeconds('late-dup-2')).toEqual([10, 20, 15]);
});

/**
 * Chaos run finding (2,400 positions lost around an API's kill): while a partition's lease changes hands, two
 * nodes can read it for a moment, and a node may commit newer messages of a device before another commits older
 * ones. The older ones are then behind the device's bus cursor: they used to be skipped as if stored — lost.
 */
it('stores a message behind the cursor that was never stored, and skips one that was', async () => {
  await t.ctx.db.device.create({ data: { name: 'Handover', uniqueId: 'late-dup-3' } });
  const ids = (n: number) => Array.from({ length: n }, () => `1772366400000-${seq++}`);
  const [a, b, c, d] = ids(4) as [string, string, string, string];
  // the node that got the newer messages c and d commits first
  await handle([at('late-dup-3', 30), at('late-dup-3', 40)], { ids: [c, d] });
  // the other node's batch holds a and b (older ids, never stored) and a redelivered d
  await handle([at('late-dup-3', 10), at('late-dup-3', 20), at('late-dup-3', 40)], { ids: [a, b, d] });
  expect((await storedSeconds('late-dup-3')).sort((x, y) => x - y)).toEqual([10, 20, 30, 40]);
  const device = await t.ctx.db.device.findUniqueOrThrow({ where: { uniqueId: 'late-dup-3' } });
  expect(device.busCursor).toBe(d);
  expect(device.positionTime?.toISOString()).toBe('2026-03-01T11:00:40.000Z');
  // a plain redelivery of everything stores nothing twice
  await handle([at('late-dup-3', 10), at('late-dup-3', 20), at('late-dup-3', 30), at('late-dup-3', 40)], {
    ids: [a, b, c, d],
  });
  expect(await storedSeconds('late-dup-3')).toHaveLength(4);
});
