/**
 * The admin device list under load: `pnpm bench:admin-devices [--requests 1000] [--keep]`. Needs DATABASE_URL (a
 * server where it may create and drop a database; default the local one) and Redis at REDIS_URL.
 *
 * A fresh database built by the real migrations gets 10,000 tenants (the first a reseller over fifty of them),
 * a group and a user each, 20 models, 80,000 SIM cards and 100,000 devices: 30% in the platform's stock (most of
 * them with a model and a SIM card), the rest spread over the tenants, assigned to a group or a user or not, 2%
 * disabled, connection statuses and expiries mixed. Then the API process answers GET /api/v2/device for
 * `--requests` random combinations (after 200 not measured) of page (to page 200 of 50), size, sort field and order, stock status,
 * tenant, model, connection status and search text (name, IMEI and ICCID fragments, and text that matches
 * nothing), one at a time, as the platform administrator and as the reseller's administrator; and the stat
 * tiles (GET /api/v2/device/stats). It prints p50, p95, p99 and the slowest, overall and by kind.
 */
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { BENCH_PASSWORD, benchApi, quantile } from './support/admin-api';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const REQUESTS = arg('requests', 1000);
const WARM_UP = 200;
const TENANTS = 10_000;
const DEVICES = 100_000;
const SIMS = 80_000;
const say = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function seed(sql: pg.Client) {
  const t0 = performance.now();
  await sql.query(
    `INSERT INTO tenants (name, "updatedAt") SELECT 'Tenant ' || i, now() FROM generate_series(1, ${TENANTS}) i`,
  );
  await sql.query(`UPDATE tenants SET "parentTenantId" = 1 WHERE id BETWEEN 2 AND 51`);
  await sql.query(
    `INSERT INTO groups (name, "tenantId", "updatedAt") SELECT 'Fleet ' || i, i, now() FROM generate_series(1, ${TENANTS}) i`,
  );
  await sql.query(`INSERT INTO users (name, email, "tenantId", "updatedAt")
    SELECT 'Driver ' || i, 'driver-' || i || '@bench.test', i, now() FROM generate_series(1, ${TENANTS}) i`);
  await sql.query(
    `INSERT INTO device_models (name, "updatedAt") SELECT 'Model ' || i, now() FROM generate_series(1, 20) i`,
  );
  await sql.query(`INSERT INTO sim_cards (iccid, status, "updatedAt")
    SELECT '8944' || lpad(i::text, 15, '0') || (i % 10), 'ACTIVE', now() FROM generate_series(1, ${SIMS}) i`);
  await sql.query(`
    INSERT INTO devices ("uniqueId", name, "tenantId", "modelId", "simCardId", "groupId", "userId", disabled, status,
                         "createdAt", "updatedAt", "expirationTime", "lastUpdate", "stockStatus")
    SELECT d.*, CASE
        WHEN d.disabled THEN 'DISABLED'
        WHEN d.g IS NOT NULL OR d.u IS NOT NULL THEN 'ASSIGNED'
        WHEN d.t IS NOT NULL THEN 'UN_ASSIGNED'
        WHEN d.m IS NOT NULL AND d.s IS NOT NULL THEN 'READY'
        ELSE 'IN_STOCK' END::"StockStatus"
    FROM (
      SELECT '35' || lpad((i * 7919 % 1000003)::text, 7, '0') || lpad(i::text, 6, '0') AS uid,
             (ARRAY['Truck','Van','Car','Bus','Scooter','Tractor','Trailer'])[1 + i % 7] || ' ' || substr(md5(i::text), 1, 6) AS name,
             t, m, s,
             CASE WHEN t IS NOT NULL AND i % 3 = 0 THEN t END AS g,
             CASE WHEN t IS NOT NULL AND i % 3 = 1 THEN t END AS u,
             i % 50 = 0 AS disabled,
             (ARRAY['online','offline','unknown'])[1 + i % 3] AS status,
             now() - (i % 2000) * interval '1 hour' AS created,
             now() AS updated,
             CASE WHEN i % 11 <> 0 THEN now() + (i * 7919 % 730) * interval '1 day' END AS expiry,
             -- an online device was heard within its status timeout (the API's sweep would otherwise turn a
             -- third of the fleet offline a minute in, with as many events, while the list is measured)
             CASE WHEN i % 3 = 0 THEN now() - (i % 120) * interval '1 second'
                  ELSE now() - (i % 500) * interval '1 minute' END AS seen
      FROM (SELECT i,
                   CASE WHEN i % 10 < 3 THEN NULL ELSE 1 + i % ${TENANTS} END AS t,
                   CASE WHEN i % 7 <> 0 THEN 1 + i % 20 END AS m,
                   CASE WHEN i <= ${SIMS} AND i % 9 <> 0 THEN i END AS s
            FROM generate_series(1, ${DEVICES}) i) x
    ) d(uid, name, t, m, s, g, u, disabled, status, created, updated, expiry, seen)`);
  await sql.query(`INSERT INTO roles (name, "tenantId", permissions, "updatedAt")
    VALUES ('Bench devices', 1, ARRAY['VIEW_DEVICES','VIEW_DEVICE_DETAILS'], now())`);
  await sql.query('VACUUM ANALYZE');
  say(
    `seeded ${TENANTS.toLocaleString('en')} tenants, ${DEVICES.toLocaleString('en')} devices in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/** mulberry32: the same combinations on every run. */
function rng(seedValue: number) {
  let a = seedValue;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SORTS = ['name', 'uniqueId', 'createdAt', 'expirationTime', 'status', 'stockStatus'];
const STATUSES = ['TOTAL', 'IN_STOCK', 'READY', 'ASSIGNED', 'UN_ASSIGNED', 'DISABLED'];
const SEARCHES = ['truck', 'Van a', '3f2', '0012', '350', '8944000000000012', '0000123', 'zzzz-nothing', 'bus'];

type Kind = 'plain' | 'search' | 'deep' | 'tenant';
function combination(random: () => number): { query: string; kinds: Kind[] } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const kinds: Kind[] = [];
  const p = new URLSearchParams();
  const size = pick([10, 10, 25, 50]);
  const deep = random() < 0.1;
  p.set('page', String(deep ? 20 + Math.floor(random() * 180) : Math.floor(random() * 5)));
  if (deep) kinds.push('deep');
  p.set('size', String(size));
  p.set('sortBy', pick(SORTS));
  p.set('sortOrder', pick(['asc', 'desc']));
  if (random() < 0.7) p.set('status', pick(STATUSES));
  if (random() < 0.2) {
    p.set('tenantId', String(1 + Math.floor(random() * TENANTS)));
    kinds.push('tenant');
  }
  if (random() < 0.1) p.set('modelId', String(1 + Math.floor(random() * 20)));
  if (random() < 0.15) p.set('connection', pick(['online', 'offline', 'unknown']));
  if (random() < 0.3) {
    p.set('search', pick(SEARCHES));
    kinds.push('search');
  }
  if (kinds.length === 0) kinds.push('plain');
  return { query: p.toString(), kinds };
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
function line(label: string, values: number[]) {
  say(
    `${label.padEnd(28)} n=${String(values.length).padStart(4)}  p50 ${ms(quantile(values, 0.5))}  p95 ${ms(quantile(values, 0.95))}  p99 ${ms(quantile(values, 0.99))}  max ${ms(Math.max(...values))}`,
  );
}

async function main() {
  say(`machine: ${cpus().length} vCPU, ${Math.round(totalmem() / 2 ** 30)} GB`);
  const bench = await benchApi(`waymark_bench_admin_devices_${process.pid}`, seed);
  say(`PostgreSQL ${bench.version}`);
  const created = await bench.call('POST', '/api/v2/user', {
    name: 'Reseller admin',
    email: 'reseller@bench.test',
    password: BENCH_PASSWORD,
    tenantId: 1,
    roleId: Number((await bench.sql.query(`SELECT id FROM roles WHERE name = 'Bench devices'`)).rows[0].id),
  });
  if (created.status !== 200) throw new Error(`reseller user: ${created.status} ${JSON.stringify(created.json)}`);
  const reseller = await bench.signIn('reseller@bench.test', BENCH_PASSWORD);

  const random = rng(20_261_127);
  const results: { kinds: Kind[]; ms: number; who: string }[] = [];
  // a server that has been up a while: its code compiled, its pools and PostgreSQL's caches warm (the first
  // hundred requests of a fresh process are about half again slower)
  const warm = Array.from({ length: WARM_UP }, () => combination(random));
  for (const c of warm) await bench.call('GET', `/api/v2/device?${c.query}`);
  // the measured requests then fit in a fresh minute of the API's per-address rate limit (1,200 a minute)
  await new Promise((resolve) => setTimeout(resolve, 61_000));
  for (let i = 0; i < REQUESTS; i++) {
    const c = combination(random);
    const who = i % 4 === 3 ? 'reseller' : 'platform';
    const t0 = performance.now();
    const res = await bench.call(
      'GET',
      `/api/v2/device?${c.query}`,
      undefined,
      who === 'reseller' ? reseller : undefined,
    );
    const took = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${c.query}: ${res.status} ${JSON.stringify(res.json)}`);
    results.push({ kinds: c.kinds, ms: took, who });
  }
  const stats: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    await bench.call('GET', '/api/v2/device/stats', undefined, i % 2 ? reseller : undefined);
    stats.push(performance.now() - t0);
  }
  line(
    'GET /device (all)',
    results.map((r) => r.ms),
  );
  line(
    '  as platform administrator',
    results.filter((r) => r.who === 'platform').map((r) => r.ms),
  );
  line(
    '  as reseller (51 tenants)',
    results.filter((r) => r.who === 'reseller').map((r) => r.ms),
  );
  for (const kind of ['plain', 'search', 'deep', 'tenant'] as const) {
    line(
      `  with ${kind}`,
      results.filter((r) => r.kinds.includes(kind)).map((r) => r.ms),
    );
  }
  line('GET /device/stats', stats);
  const slowest = [...results].sort((a, b) => b.ms - a.ms)[0];
  if (slowest) say(`slowest: ${ms(slowest.ms)} (${slowest.who}, ${slowest.kinds.join('+')})`);
  const p95 = quantile(
    results.map((r) => r.ms),
    0.95,
  );
  say(`p95 ${ms(p95)} ${p95 < 50 ? '<' : '≥'} 50 ms target`);
  await bench.close();
}

await main();
