import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../testing/factories';
import type { Harness } from '../testing/pipeline-harness';
import { createHarness, message } from '../testing/pipeline-harness';
import { listPartitions } from './partitions';

// A year of positions stored by the real pipeline (2025-01 … 2025-12, on the 1st and the 15th of each month, an
// alarm raised on the 1st and cleared on the 15th), read back through every endpoint that reads history.
let h: Harness;
let headers: { authorization: string };
let deviceId: number;
const times: string[] = [];
for (let month = 0; month < 12; month++)
  for (const day of [1, 15]) times.push(new Date(Date.UTC(2025, month, day, 9, 30)).toISOString());

beforeAll(async () => {
  h = await createHarness();
  const device = await h.device('year-1');
  deviceId = device.id;
  // one batch across the twelve months: the pipeline makes each month's partition before its transaction
  await h.send(
    times.map((time, i) =>
      message('year-1', 0, {
        fixTime: time,
        deviceTime: time,
        serverTime: time,
        latitude: 50 + i / 100,
        attributes: i % 2 === 0 ? { alarm: 'sos' } : {},
      }),
    ),
  );
  const user = await buildUser(h.t.ctx.db, {
    tenantId: device.tenantId,
    permissions: ['TRACK_DEVICES', 'VIEW_EVENT_REPORTS', 'VIEW_ALERT_DETAILS'],
  });
  headers = { authorization: (await signIn(h.t.app, user.email)).authorization };
});
afterAll(() => h.close());

const get = async (url: string) => {
  const res = await h.t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('a year of history across month partitions', () => {
  it('stores each month in its own partition of positions and of events', async () => {
    const partitions = await listPartitions({
      query: async (text: string) => ({ rows: await h.t.ctx.db.$queryRawUnsafe(text) }),
    } as never);
    for (const table of ['positions', 'events'] as const) {
      const names = partitions.filter((p) => p.table === table).map((p) => p.name);
      for (let month = 1; month <= 12; month++)
        expect(names).toContain(`${table}_2025_${String(month).padStart(2, '0')}`);
    }
    const perMonth = await h.t.ctx.db.$queryRawUnsafe<{ part: string; n: number }[]>(
      `SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM positions WHERE "deviceId" = $1 GROUP BY 1`,
      deviceId,
    );
    expect(perMonth).toHaveLength(12);
    for (const row of perMonth) expect(row.n).toBe(2);
  });

  it('GET /api/positions over the year, over one month and by ids from several months', async () => {
    const year = await get(`/api/positions?deviceId=${deviceId}&from=2025-01-01T00:00:00Z&to=2025-12-31T23:59:59Z`);
    expect(year.map((p: { fixTime: string }) => p.fixTime)).toEqual(times);
    const march = await get(`/api/positions?deviceId=${deviceId}&from=2025-03-01T00:00:00Z&to=2025-03-31T23:59:59Z`);
    expect(march.map((p: { fixTime: string }) => p.fixTime)).toEqual(times.slice(4, 6));
    // across a month's edge
    const edge = await get(`/api/positions?deviceId=${deviceId}&from=2025-06-15T00:00:00Z&to=2025-07-01T23:59:59Z`);
    expect(edge.map((p: { fixTime: string }) => p.fixTime)).toEqual(times.slice(11, 13));
    const picked = [year[0].id, year[9].id, year[23].id];
    const byId = await get(`/api/positions?${picked.map((id: number) => `id=${id}`).join('&')}`);
    expect(byId.map((p: { id: number }) => p.id).sort()).toEqual([...picked].sort());
  });

  it('the latest position is December’s, found in its month alone', async () => {
    const latest = await get(`/api/positions?deviceId=${deviceId}`);
    expect(latest.map((p: { fixTime: string }) => p.fixTime)).toEqual([times[23]]);
    const all = await get('/api/positions');
    expect(all.map((p: { fixTime: string }) => p.fixTime)).toEqual([times[23]]);
    const device = await h.t.ctx.db.device.findUniqueOrThrow({ where: { id: deviceId } });
    expect(device.positionTime?.toISOString()).toBe(times[23]);
    const plan = await h.t.ctx.db.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN SELECT * FROM positions WHERE id = ${device.positionId} AND "fixTime" = '${times[23]?.replace('T', ' ').replace('Z', '')}'`,
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('positions_2025_12');
    expect(text).not.toContain('positions_2025_11');
  });

  it('a range query reads only the months it covers', async () => {
    const plan = await h.t.ctx.db.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN SELECT * FROM positions WHERE "deviceId" = ${deviceId}
          AND "fixTime" >= '2025-03-01' AND "fixTime" <= '2025-04-30'`,
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('positions_2025_03');
    expect(text).toContain('positions_2025_04');
    for (const month of ['01', '02', '05', '12']) expect(text).not.toContain(`positions_2025_${month}`);
  });

  it('events: the report month by month (it spans at most 31 days), and one event from an old month by id', async () => {
    const report = [];
    for (let month = 0; month < 12; month++) {
      const from = new Date(Date.UTC(2025, month, 1)).toISOString();
      const to = new Date(Date.UTC(2025, month + 1, 1) - 1).toISOString();
      report.push(...(await get(`/api/reports/events?deviceId=${deviceId}&from=${from}&to=${to}`)));
    }
    const alarms = report.filter((e: { type: string }) => e.type === 'alarm');
    expect(alarms.map((e: { eventTime: string }) => e.eventTime)).toEqual(times.filter((_, i) => i % 2 === 0));
    const february = alarms[1];
    const one = await get(`/api/events/${february.id}`);
    expect(one).toMatchObject({ id: february.id, type: 'alarm', eventTime: times[2] });
    expect(one.positionId).toBe((await get(`/api/positions?id=${one.positionId}`))[0].id);
  });
});
