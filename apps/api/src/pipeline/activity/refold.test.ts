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

/** Six drives of 8 minutes (≈ 2.7 km) with 20 minutes parked between them, a position a minute. */
const day = (uniqueId: string) =>
  Array.from({ length: 168 }, (_, m) => {
    const moving = m % 28 >= 20;
    const progress = Math.floor(m / 28) * 8 + (moving ? (m % 28) - 19 : 0);
    return message(uniqueId, m, { latitude: 52.5 + progress * 0.003, speed: moving ? 30 : 0 });
  });

/** Each kept segment with the transaction that last wrote it (xmin): rows not rewritten keep theirs. */
const segments = async (deviceId: number) =>
  (
    await pool.query<{ kind: string; start: Date; end: Date; distance: number; xmin: string }>(
      `SELECT kind, "startTime" AS start, "endTime" AS end, distance, xmin::text AS xmin
         FROM activity_segments WHERE "deviceId" = $1 ORDER BY "startTime"`,
      [deviceId],
    )
  ).rows;
const kept = async (deviceId: number) => ({
  segments: (await segments(deviceId)).map(({ xmin: _, ...s }) => ({ ...s, distance: s.distance.toFixed(6) })),
  hours: (await h.t.ctx.db.activityHour.findMany({ where: { deviceId }, orderBy: { hour: 'asc' } })).map((x) => [
    x.hour,
    x.positions,
    x.distance.toFixed(6),
    x.movingMs,
  ]),
  state: (await h.t.ctx.db.deviceActivity.findUnique({ where: { deviceId } }))?.state,
});

it.each([
  ['a late position inside a park', [38], 'unchanged'],
  ['a late drive inside a park that makes it two stops and a trip', [36, 37, 38, 39, 40, 41], 'split'],
])(
  '%s folds again only the segments it touches, as one fold of the whole history would',
  async (_, lateMinutes, shape) => {
    const uniqueId = `refold-${shape}`;
    const device = await h.device(uniqueId);
    const all = day(uniqueId).map((m, minute) =>
      lateMinutes.includes(minute) && shape === 'split'
        ? { ...m, latitude: 52.5 + 8 * 0.003 + (minute - 35) * 0.004, speed: 35 }
        : m,
    );
    const late = all.filter((_, minute) => lateMinutes.includes(minute));
    const onTime = all.filter((_, minute) => !lateMinutes.includes(minute));
    for (let i = 0; i < onTime.length; i += 20) await h.send(onTime.slice(i, i + 20));
    const before = await segments(device.id);
    await h.send(late);
    const after = await segments(device.id);

    // the segments that start after the late positions' affected stretch are the rows written before
    const untouched = after.filter((s) => s.start.getTime() > Date.parse(all[60]?.fixTime as string));
    expect(untouched.length).toBeGreaterThanOrEqual(3);
    for (const s of untouched) expect(before.map((b) => b.xmin)).toContain(s.xmin);
    if (shape === 'split')
      expect(after.filter((s) => s.kind === 'trip')).toHaveLength(before.filter((s) => s.kind === 'trip').length + 1);
    else expect(after.map((s) => [s.kind, s.start, s.end])).toEqual(before.map((s) => [s.kind, s.start, s.end]));

    // and the whole is what folding the stored history once gives
    const incremental = await kept(device.id);
    await rebuildActivity(pool, uniqueId, defaultPipelineConfig);
    expect(incremental).toEqual(await kept(device.id));
  },
);
