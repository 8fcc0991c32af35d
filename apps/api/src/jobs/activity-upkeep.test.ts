import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reportConfigs } from '../modules/reports/report-config';
import { defaultPipelineConfig } from '../pipeline/types';
import type { Harness } from '../testing/pipeline-harness';
import { createHarness, message } from '../testing/pipeline-harness';
import { devicesToRefold, startActivityUpkeep } from './activity-upkeep';

let h: Harness;
let pool: Harness['pool'];
beforeAll(async () => {
  h = await createHarness();
  pool = h.pool;
});
afterAll(() => h.close());

const trips = async (deviceId: number) =>
  (await h.t.ctx.db.activitySegment.findMany({ where: { deviceId, kind: 'trip' }, orderBy: { startTime: 'asc' } })).map(
    (s) => Math.round(s.distance),
  );
const refoldable = async () => {
  const client = await pool.connect();
  try {
    return await devicesToRefold(client, defaultPipelineConfig, false);
  } finally {
    client.release();
  }
};

/** Four drives of 8 minutes at 0.003° latitude a minute (≈ 2.7 km each), 20 minutes parked between them. */
const drives = (uniqueId: string) =>
  Array.from({ length: 112 }, (_, m) => {
    const moving = m % 28 >= 20;
    const progress = Math.floor(m / 28) * 8 + (moving ? (m % 28) - 19 : 0);
    return message(uniqueId, m, { latitude: 52.5 + progress * 0.003, speed: moving ? 30 : 0 });
  });

it('applies trip settings from the group, tenant and server, and folds the past again when they change', async () => {
  const group = await h.t.ctx.db.group.create({ data: { name: 'Upkeep vans', attributes: {} } });
  const device = await h.device('upkeep-1', { groupId: group.id });
  for (let i = 0; i < 112; i += 16) await h.send(drives('upkeep-1').slice(i, i + 16));
  const before = await trips(device.id);
  expect(before).toHaveLength(3);
  expect(await refoldable()).toEqual([]);
  // history kept before the thresholds were noted beside it gets today's noted, not a refold
  await h.t.ctx.db.deviceActivity.update({ where: { deviceId: device.id }, data: { settings: '' } });
  expect(await refoldable()).toEqual([]);
  expect((await h.t.ctx.db.deviceActivity.findUnique({ where: { deviceId: device.id } }))?.settings).toBe(
    JSON.stringify([200, 180_000, 300_000, 3_600_000, false, 5, 5]),
  );

  // drives under 3 km and 15 minutes are not trips for this group: the next sweep folds the kept history again
  await h.t.ctx.db.group.update({
    where: { id: group.id },
    data: { attributes: { 'report.trip.minDistance': 3000, 'report.trip.minDuration': 900 } },
  });
  const configs = await reportConfigs((text, values) => pool.query(text, values).then((r) => r.rows), [device.id]);
  expect(configs.get(device.id)).toMatchObject({ minDistance: 3000, minDuration: 900_000, minParking: 300_000 });
  expect(await refoldable()).toEqual(['upkeep-1']);
  const upkeep = startActivityUpkeep(pool, defaultPipelineConfig, pino({ level: 'silent' }), 3_600_000);
  try {
    await upkeep.sweep();
    expect(await trips(device.id)).toEqual([]);
    expect(await refoldable()).toEqual([]);

    // the device's own setting wins over its group's
    await h.t.ctx.db.device.update({
      where: { id: device.id },
      data: { attributes: { 'report.trip.minDistance': 100 } },
    });
    expect(await refoldable()).toEqual(['upkeep-1']);
    expect(await upkeep.sweep()).toBe(1);
    expect(await trips(device.id)).toEqual(before);

    // the server's applies where nobody else says: 20 minutes parked are no stop when a stop takes 30
    await h.t.ctx.db.server.update({ where: { id: 1 }, data: { attributes: { 'report.trip.minParking': 1800 } } });
    expect(await refoldable()).toEqual(['upkeep-1']);
    expect(await upkeep.sweep()).toBe(1);
    expect(await trips(device.id)).toEqual([]);
    expect(await h.t.ctx.db.deviceActivity.findUnique({ where: { deviceId: device.id } })).toMatchObject({
      settings: JSON.stringify([100, 900_000, 1_800_000, 3_600_000, false, 5, 5]),
    });
  } finally {
    await upkeep.close();
    await h.t.ctx.db.server.update({ where: { id: 1 }, data: { attributes: {} } });
  }
});
