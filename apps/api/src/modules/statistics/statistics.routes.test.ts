import type { Statistics } from '@waymark/contracts/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatisticsCounter } from '../../statistics/statistics-counter';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { Harness } from '../../testing/pipeline-harness';
import { BASE, createHarness, message } from '../../testing/pipeline-harness';

let h: Harness;
let admin: { authorization: string };
const DAY = 86_400_000;
const day0 = BASE - (BASE % DAY); // 2026-03-01T00:00Z, the harness's day

beforeAll(async () => {
  h = await createHarness();
  await h.device('stat-a');
  await h.device('stat-b');
  // two devices move on day0, one of them on the next day too
  await h.send([0, 1, 2].map((m) => message('stat-a', m, { speed: 10 })));
  await h.send([0, 1].map((m) => message('stat-b', m)));
  await h.send([24 * 60, 24 * 60 + 1].map((m) => message('stat-a', m)));
  const user = await buildUser(h.t.ctx.db, { administrator: true });
  admin = await signIn(h.t.app, user.email);
}, 60_000);
afterAll(() => h.close());

const iso = (t: number) => new Date(t).toISOString();
const get = (query: string, headers = admin) =>
  h.t.app.inject({ method: 'GET', url: `/api/statistics?${query}`, headers });

describe('StatisticsCounter', () => {
  it('adds what several nodes flush into one row per UTC day', async () => {
    const at = { now: day0 + 5 * 3_600_000 };
    const nodeA = new StatisticsCounter(() => at.now);
    const nodeB = new StatisticsCounter(() => at.now);
    nodeA.add('requests', 3);
    nodeA.add('messagesReceived', 10);
    nodeA.add('messagesStored', 8);
    nodeB.add('requests', 2);
    nodeB.add('mailSent');
    nodeB.add('smsSent', 2);
    nodeA.user(101);
    nodeB.user(101);
    nodeB.user(102);
    at.now = day0 + DAY + 60_000; // after midnight: counted on the next day
    nodeA.add('requests');
    await Promise.all([nodeA.flush(h.t.ctx.db), nodeB.flush(h.t.ctx.db)]);
    await nodeA.flush(h.t.ctx.db); // nothing left: adds nothing

    const rows = await h.t.ctx.db.statistic.findMany({ orderBy: { captureTime: 'asc' } });
    expect(rows.map((r) => [r.captureTime.toISOString(), r.requests])).toEqual([
      [iso(day0), 5],
      [iso(day0 + DAY), 1],
    ]);
    expect(rows[0]).toMatchObject({ messagesReceived: 10, messagesStored: 8, mailSent: 1, smsSent: 2 });
    expect(await h.t.ctx.db.statisticUser.count()).toBe(2);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const counter = new StatisticsCounter(() => day0 + 2 * DAY);
    counter.add('requests', 4);
    const failing = { $executeRaw: () => Promise.reject(new Error('database away')) };
    await expect(counter.flush(failing as never)).rejects.toThrow('database away');
    counter.add('requests');
    await counter.flush(h.t.ctx.db);
    const row = await h.t.ctx.db.statistic.findUnique({ where: { captureTime: new Date(day0 + 2 * DAY) } });
    expect(row?.requests).toBe(5);
  });
});

describe('GET /api/statistics', () => {
  it('gives a row per UTC day of the period, with active users and devices', async () => {
    const res = await get(`from=${iso(day0 + 3_600_000)}&to=${iso(day0 + 3 * DAY - 1)}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Statistics[];
    expect(rows.map((r) => r.captureTime)).toEqual([iso(day0), iso(day0 + DAY), iso(day0 + 2 * DAY)]);
    expect(rows[0]).toMatchObject({ requests: 5, activeUsers: 2, activeDevices: 2, mailSent: 1, smsSent: 2 });
    expect(rows[1]).toMatchObject({ requests: 1, activeUsers: 0, activeDevices: 1 });
    expect(rows[2]).toMatchObject({ requests: 5, activeDevices: 0, geocoderRequests: 0 });
  });

  it('counts the API requests it answers and their users once flushed', async () => {
    const counter = h.t.ctx.statistics;
    await counter.flush(h.t.ctx.db); // what earlier requests counted
    const today = Date.now() - (Date.now() % DAY);
    const period = `from=${iso(today)}&to=${iso(today + DAY - 1)}`;
    const before = ((await get(period)).json() as Statistics[])[0];
    await get(period);
    await get(period);
    await counter.flush(h.t.ctx.db);
    const after = ((await get(period)).json() as Statistics[])[0];
    // the two requests, and the one that read `before` (counted after its answer)
    expect((after?.requests ?? 0) - (before?.requests ?? 0)).toBe(3);
    // the days to come are not listed
    const ahead = await get(`from=${iso(today)}&to=${iso(today + 5 * DAY)}`);
    expect((ahead.json() as Statistics[]).map((r) => r.captureTime)).toEqual([iso(today)]);
    expect((await get(`from=${iso(today + DAY)}&to=${iso(today + 5 * DAY)}`)).json()).toEqual([]);
    expect(after?.activeUsers).toBeGreaterThanOrEqual(1);
  });

  it('is for platform administrators only, and checks the period', async () => {
    const tenant = await buildTenant(h.t.ctx.db);
    const member = await buildUser(h.t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_SUMMARY_REPORTS'] });
    const period = `from=${iso(day0)}&to=${iso(day0 + DAY)}`;
    expect((await get(period, await signIn(h.t.app, member.email))).statusCode).toBe(403);
    expect((await get(`from=${iso(day0 + DAY)}&to=${iso(day0)}`)).statusCode).toBe(400);
    const long = await get(`from=${iso(day0)}&to=${iso(day0 + 400 * DAY)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The period is longer than 366 days');
    expect((await get('from=yesterday&to=today')).statusCode).toBe(400);
  });
});

describe('the users of a day', () => {
  it('are counted on the day’s row, and their rows dropped once the day is a week old', async () => {
    const later = new StatisticsCounter(() => day0 + 10 * DAY);
    later.user(103);
    await later.flush(h.t.ctx.db);
    // (today's rows, of the requests above, are newer still and stay)
    const users = await h.t.ctx.db.statisticUser.findMany({ where: { day: { lt: new Date(day0 + 30 * DAY) } } });
    expect(users.map((u) => [u.day.toISOString(), u.userId])).toEqual([[iso(day0 + 10 * DAY), 103]]);
    const res = await get(`from=${iso(day0)}&to=${iso(day0 + 10 * DAY)}`);
    const rows = res.json() as Statistics[];
    expect([rows[0]?.activeUsers, rows[10]?.activeUsers]).toEqual([2, 1]);
  });
});
