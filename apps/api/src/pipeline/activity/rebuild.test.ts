import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Harness } from '../../testing/pipeline-harness';
import { createHarness, message } from '../../testing/pipeline-harness';
import { defaultPipelineConfig } from '../types';
import { rebuildActivity } from './rebuild';

let h: Harness;
let pool: Harness['pool'];
beforeAll(async () => {
  h = await createHarness();
  pool = h.pool;
});
afterAll(() => h.close());

const snapshot = async (deviceId: number) => ({
  segments: await h.t.ctx.db.activitySegment.findMany({ where: { deviceId }, orderBy: { startTime: 'asc' } }),
  hours: await h.t.ctx.db.activityHour.findMany({ where: { deviceId }, orderBy: { hour: 'asc' } }),
  state: (await h.t.ctx.db.deviceActivity.findUnique({ where: { deviceId } }))?.state,
});

it('folds a device’s stored history again in chunks to what the pipeline kept', async () => {
  const device = await h.device('rebuild-1');
  const messages = Array.from({ length: 300 }, (_, m) => {
    const moving = Math.floor(m / 25) % 2 === 1;
    return message('rebuild-1', m, {
      latitude: 52.5 + (moving ? m * 0.004 : Math.floor(m / 25) * 0.1),
      speed: moving ? 25 : 0,
      attributes: { ignition: moving || m % 7 === 0, fuel: 80 - m * 0.05 },
    });
  });
  for (let i = 0; i < messages.length; i += 40) await h.send(messages.slice(i, i + 40));
  const kept = await snapshot(device.id);
  expect(kept.segments.length).toBeGreaterThan(8);
  expect(kept.hours).toHaveLength(5);
  // as if the positions had been stored before the pipeline kept trips: nothing kept
  await h.t.ctx.db.activitySegment.deleteMany({ where: { deviceId: device.id } });
  await h.t.ctx.db.activityHour.deleteMany({ where: { deviceId: device.id } });
  await h.t.ctx.db.deviceActivity.deleteMany({ where: { deviceId: device.id } });
  expect(await rebuildActivity(pool, 'rebuild-1', defaultPipelineConfig, 37)).toEqual({
    positions: 300,
    segments: kept.segments.length,
  });
  const rebuilt = await snapshot(device.id);
  expect(rebuilt.segments.map((s) => [s.kind, s.startTime, s.endTime, s.distance.toFixed(6)])).toEqual(
    kept.segments.map((s) => [s.kind, s.startTime, s.endTime, s.distance.toFixed(6)]),
  );
  expect(rebuilt.hours.map((x) => [x.hour, x.positions, x.distance.toFixed(6), x.idleMs])).toEqual(
    kept.hours.map((x) => [x.hour, x.positions, x.distance.toFixed(6), x.idleMs]),
  );
  expect(rebuilt.state).toEqual(kept.state);
  expect(await rebuildActivity(pool, 'no-such-device', defaultPipelineConfig)).toBeNull();
});
