/**
 * Reports over kept trips, stops and hours: `pnpm bench:reports [--runs 20] [--keep]`. Needs DATABASE_URL (a server
 * where it may create and drop a database; default the local one) and Redis at REDIS_URL.
 *
 * A fresh database built by the real migrations gets:
 * - one truck with a year of positions at one every 10 s (3,153,600), driving three times a day (07–09, 12–13,
 *   17–19: 5 h) round a 7 km loop at 10.7 kn, idling 10 minutes after each drive, fuel falling as it drives
 *   (filled up by 240 l whenever it runs low). The API folds this history into trips, stops and hours at start (the
 *   backfill a server runs for positions stored before it kept them); the bench waits for it and times it.
 * - a fleet of 1,000 devices in one group with 30 days of kept hours (24 a day) and trips and stops (6 a day) written
 *   directly (the fleet reports read only those when the period is whole hours).
 * Then, over HTTP as the platform administrator, each `--runs` times: trips + stops + summary of the truck over
 * 30 days and over a year; the fleet's summary over 1 day and 30 days; and the route report of 100,000 positions
 * as XLSX (its time and the API process's RSS growth).
 */
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { benchApi, quantile } from './support/admin-api';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 20);
const YEAR_START = Date.UTC(2025, 10, 24); // a Monday
const DAYS = 365;
const STEP_S = 10;
const FLEET = 1000;
const say = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const iso = (ms: number) => new Date(ms).toISOString();

async function seed(sql: pg.Client) {
  const t0 = performance.now();
  for (let m = 0; m <= 12; m++) {
    const at = new Date(Date.UTC(2025, 10 + m, 1)).toISOString();
    await sql.query(`SELECT partitions.ensure_month('positions', $1::timestamp)`, [at]);
  }
  await sql.query(`INSERT INTO groups (name, "updatedAt") VALUES ('Fleet', now())`);
  await sql.query(
    `INSERT INTO devices ("uniqueId", name, "updatedAt", "stockStatus") VALUES ('bench-truck', 'Truck', now(), 'READY')`,
  );
  const steps = (DAYS * 86_400) / STEP_S;
  // tod: 10-s step of the day; moving in three windows; k: moving steps so far (the place on the loop)
  await sql.query(`
    INSERT INTO positions ("deviceId", "deviceTime", "fixTime", valid, latitude, longitude, speed, attributes)
    SELECT 1, t, t, true, 48.8 + 0.01 * sin(k / 20.0), 2.3 + 0.015 * cos(k / 20.0), CASE WHEN moving THEN 10.7 ELSE 0 END,
           json_build_object('motion', moving, 'ignition', moving OR idle,
                             'fuel', round(300 - (k * 0.004)::numeric % 240, 2))
      FROM (SELECT t, moving, idle, sum(moving::int) OVER (ORDER BY i) AS k
              FROM (SELECT i, to_timestamp(${YEAR_START / 1000} + i * ${STEP_S}) AT TIME ZONE 'UTC' AS t,
                           (i % 8640 BETWEEN 2520 AND 3239 OR i % 8640 BETWEEN 4320 AND 4679
                              OR i % 8640 BETWEEN 6120 AND 6839) AS moving,
                           (i % 8640 BETWEEN 3240 AND 3299 OR i % 8640 BETWEEN 4680 AND 4739
                              OR i % 8640 BETWEEN 6840 AND 6899) AS idle
                      FROM generate_series(0, ${steps - 1}) AS i) s) x`);
  await sql.query(
    `UPDATE devices SET "positionId" = (SELECT max(id) FROM positions), "positionTime" = $1::timestamp WHERE id = 1`,
    [iso(YEAR_START + (steps - 1) * STEP_S * 1000)],
  );
  say(
    `seeded the truck's ${steps.toLocaleString('en')} positions in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const t1 = performance.now();
  const fleetFrom = YEAR_START + (DAYS - 30) * 86_400_000;
  await sql.query(`
    INSERT INTO devices ("uniqueId", name, "groupId", "updatedAt", "stockStatus")
    SELECT 'bench-fleet-' || i, 'Fleet ' || i, 1, now(), 'READY' FROM generate_series(1, ${FLEET}) i`);
  await sql.query(
    `
    INSERT INTO activity_hours ("deviceId", hour, distance, "maxSpeed", "speedSum", positions, "movingMs", "idleMs",
      "engineMs", "fuelSpent", "parkedDrop", "parkedRise", "firstTime", "lastTime", "firstOdometer", "lastOdometer")
    SELECT d.id, h, 9000 + d.id % 100, 30 + d.id % 20, 3600, 360, 1800000, 300000, 2100000, 2.5, 0, 0,
           h, h + interval '3590 seconds', 1000 * extract(epoch FROM h) / 3600, 1000 * extract(epoch FROM h) / 3600 + 9000
      FROM devices d, generate_series($1::timestamp, $2::timestamp, interval '1 hour') AS h
     WHERE d."groupId" = 1`,
    [iso(fleetFrom), iso(fleetFrom + 30 * 86_400_000 - 3_600_000)],
  );
  await sql.query(
    `
    INSERT INTO activity_segments ("deviceId", "startTime", kind, "endTime", "confirmedAt", "startPositionId",
      "endPositionId", "startLat", "startLon", "endLat", "endLon", "startOdometer", "endOdometer", distance, "maxSpeed",
      "speedSum", positions, "movingMs", "idleMs", "engineMs", "fuelSpent", "parkedDrop", "parkedRise", refuelled, theft)
    SELECT d.id, s, CASE WHEN n % 2 = 0 THEN 'stop' ELSE 'trip' END, s + interval '4 hours', s + interval '5 minutes',
           0, 0, 48.8, 2.3, 48.81, 2.31, 0, 30000, 30000, 40, 0, 1440, 14400000, 600000, 14400000, 9, 0,
           CASE WHEN n = 2 THEN 40 ELSE 0 END, 40 * (n = 2)::int, 0
      FROM devices d, generate_series(0, 29) AS day, generate_series(0, 5) AS n,
           LATERAL (SELECT $1::timestamp + day * interval '1 day' + n * interval '4 hours' AS s) x
     WHERE d."groupId" = 1`,
    [iso(fleetFrom)],
  );
  await sql.query('VACUUM ANALYZE');
  say(`seeded the fleet's kept hours and segments in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
function line(label: string, values: number[], target?: number) {
  const p50 = quantile(values, 0.5);
  const verdict = target === undefined ? '' : `  ${p50 < target ? '<' : '≥'} ${target} ms target (median)`;
  say(
    `${label.padEnd(40)} median ${ms(p50)}  p95 ${ms(quantile(values, 0.95))}  max ${ms(Math.max(...values))}${verdict}`,
  );
}

const rss = (pid: number | undefined) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
};

async function main() {
  say(`machine: ${cpus().length} vCPU, ${Math.round(totalmem() / 2 ** 30)} GB`);
  const bench = await benchApi(`waymark_bench_reports_${process.pid}`, seed);
  say(`PostgreSQL ${bench.version}`);
  const t0 = performance.now();
  for (;;) {
    const { rows } = await bench.sql.query(`SELECT 1 FROM device_activity WHERE "deviceId" = 1`);
    if (rows.length > 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const counts = (
    await bench.sql.query(`SELECT kind, count(*)::int AS n FROM activity_segments WHERE "deviceId" = 1 GROUP BY kind`)
  ).rows;
  say(
    `the API folded the truck's year into ${counts.map((c) => `${c.n} ${c.kind}s`).join(', ')} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const end = YEAR_START + DAYS * 86_400_000 - 1;
  const get = async (path: string) => {
    const t = performance.now();
    const res = await bench.call('GET', path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.json)}`);
    return { ms: performance.now() - t, rows: (res.json as unknown[]).length };
  };
  const truck = async (days: number) => {
    const q = `deviceId=1&from=${iso(end + 1 - days * 86_400_000)}&to=${iso(end)}`;
    const trips = await get(`/api/reports/trips?${q}`);
    const stops = await get(`/api/reports/stops?${q}`);
    const summary = await get(`/api/reports/summary?${q}`);
    return { total: trips.ms + stops.ms + summary.ms, trips, stops, summary };
  };
  const fleet = async (days: number) =>
    get(`/api/reports/summary?groupId=1&from=${iso(end + 1 - days * 86_400_000)}&to=${iso(end)}`);
  // warm the API (its code compiled, pools and caches warm)
  for (let i = 0; i < 5; i++) {
    await truck(30);
    await fleet(1);
  }
  for (const days of [30, 365]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await truck(days));
    const first = runs[0];
    say(`truck, ${days} days: ${first?.trips.rows} trips, ${first?.stops.rows} stops`);
    line(
      `  trips + stops + summary, ${days} days`,
      runs.map((r) => r.total),
      days === 30 ? 300 : 500,
    );
    line(
      '    trips',
      runs.map((r) => r.trips.ms),
    );
    line(
      '    stops',
      runs.map((r) => r.stops.ms),
    );
    line(
      '    summary',
      runs.map((r) => r.summary.ms),
    );
  }
  for (const days of [1, 30]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await fleet(days));
    line(
      `fleet summary, ${FLEET} devices × ${days} day(s)`,
      runs.map((r) => r.ms),
      days === 1 ? 1000 : 2000,
    );
  }
  // the route as XLSX: 100,000 positions (11.6 days at 10 s)
  const from = end + 1 - 100_000 * STEP_S * 1000;
  const before = rss(bench.pid);
  let peak = before;
  const watch = setInterval(() => {
    peak = Math.max(peak, rss(bench.pid));
  }, 20);
  const t1 = performance.now();
  const res = await bench.raw(`/api/reports/route/xlsx?deviceId=1&from=${iso(from)}&to=${iso(end)}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  const took = performance.now() - t1;
  clearInterval(watch);
  if (res.status !== 200) say(`route XLSX: ${res.status}`);
  else
    say(
      `route XLSX, 100,000 rows: ${ms(took)} (${(bytes / 2 ** 20).toFixed(1)} MB), API RSS ${(before / 2 ** 20).toFixed(0)} → peak ${(peak / 2 ** 20).toFixed(0)} MB (+${((peak - before) / 2 ** 20).toFixed(0)} MB)`,
    );
  await bench.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
