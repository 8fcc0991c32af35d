// Benchmark of the API's side alone: the Redis streams are filled first with N decoded Teltonika positions of
// 1,000 devices (as the ingest publishes them), then `waymark serve-api` starts and drains them into PostgreSQL.
// Reports positions stored/s and the API process's CPU per position (utime + stime of /proc/<pid>/stat).
// Usage: pnpm --filter @waymark/bench pipeline
//   BENCH_POSITIONS (default 300000), BENCH_DEVICES (default 1000), BENCH_PACK (records per packet, default 10), DATABASE_URL (its server), REDIS_URL (its host),
//   BENCH_PROFILE_API=dir (the API writes a V8 CPU profile there)
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { silentLogger } from '@waymark/bus/bus';
import { createBus } from '@waymark/bus/create-bus';
import type { PositionMessage } from '@waymark/contracts/bus';
import { createDb } from '@waymark/db/client';
import { applyMigrations } from '@waymark/db/migrations/migrate';
import { imeiOf } from '@waymark/ingest/simulator/simulation';
import { teltonikaAvlPacket, teltonikaHandshake, teltonikaRecord } from '@waymark/ingest/simulator/teltonika-frames';
import { OfflineDecoder } from '@waymark/ingest/tools/offline-decoder';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort, startProcess } from './support/processes';

const adminUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = `${(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/9`;
const total = Number(process.env.BENCH_POSITIONS ?? 300_000);
const deviceCount = Number(process.env.BENCH_DEVICES ?? 1000);
/** consecutive positions of a device published together (one packet of buffered records) */
const pack = Number(process.env.BENCH_PACK ?? 10);
const dbName = `waymark_bench_pipeline_${process.pid}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TICK_US = 1e6 / 100; // USER_HZ

function cpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
await applyMigrations(dbUrl);
const db = createDb(dbUrl, { poolSize: 2 });
const tenant = await db.tenant.create({ data: { name: 'Bench' } });
const ids = Array.from({ length: deviceCount }, (_, i) => imeiOf('35209933', i));
await db.device.createMany({ data: ids.map((uniqueId) => ({ uniqueId, name: uniqueId, tenantId: tenant.id })) });

// one real decoded Teltonika record as the template of every message
const decoder = new OfflineDecoder();
decoder.decode({ protocol: 'teltonika', kind: 'binary', payload: teltonikaHandshake(ids[0]!).toString('hex') });
const start = Date.now() - 3_600_000;
const record = teltonikaRecord({
  time: new Date(start),
  latitude: 48.137,
  longitude: 11.575,
  altitude: 520,
  speedKph: 42,
  course: 90,
  ignition: true,
  moving: true,
  batteryLevel: 90,
  power: 12.6,
  odometer: 123_456,
  satellites: 11,
  alarm: null,
});
const decoded = decoder.decode({
  protocol: 'teltonika',
  kind: 'binary',
  payload: teltonikaAvlPacket([record]).toString('hex'),
});
const template = decoded.positions[0]!;

const redis = new Redis(redisUrl);
await redis.flushdb();
// no back-pressure: the streams are filled before any consumer runs
const bus = createBus({ redisUrl, nodeId: 'bench-filler', logger: silentLogger, streamHighWaterMark: 0 });
const perDevice = Math.ceil(total / deviceCount);
const serverTime = new Date().toISOString();
let published = 0;
for (let k = 0; k < perDevice && published < total; k += pack) {
  const publishes: Promise<void>[] = [];
  for (let d = 0; d < deviceCount && published < total; d++) {
    const packet: PositionMessage[] = [];
    for (let r = k; r < k + pack && published < total; r++, published++) {
      const time = new Date(start + r * 1000).toISOString();
      packet.push({
        ...template,
        uniqueId: ids[d]!,
        deviceTime: time,
        fixTime: time,
        latitude: 48.137 + r * 1e-4 + d * 1e-3,
        longitude: 11.575 + r * 1e-4,
        attributes: { ...template.attributes, odometer: 123_456 + r * 12 },
        protocol: 'teltonika',
        serverTime,
        nodeId: 'bench-filler',
      } as PositionMessage);
    }
    publishes.push(bus.publish('positions', packet));
  }
  await Promise.all(publishes);
}
await bus.close();
console.log(
  `streams filled: ${published.toLocaleString('en')} positions of ${deviceCount} devices, ${pack} per packet`,
);

const count = async () => Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM positions`)[0]?.n ?? 0);
const apiPort = await freePort();
const t0 = Date.now();
const api = await startProcess(
  ['apps/api/src/main.ts'],
  {
    DATABASE_URL: dbUrl,
    REDIS_URL: redisUrl,
    WAYMARK_LOG_LEVEL: 'warn',
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    WAYMARK_WEB_DIR: '/nonexistent',
  },
  /ready in/,
  process.env.BENCH_PROFILE_API ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_API}`] : ['--no-warnings'], // node itself, not the tsx wrapper: its pid is the API's
);
const apiPid = api.pid!;
const cpu0 = cpuUs(apiPid);
const ready = Date.now();
let stored = 0;
let first = 0;
let firstAt = 0;
while (stored < published) {
  await sleep(250);
  stored = await count();
  if (!first && stored > 0) {
    first = stored;
    firstAt = Date.now();
  }
  if (Date.now() - ready > 600_000) break;
}
const elapsed = (Date.now() - firstAt) / 1000;
const cpu = cpuUs(apiPid) - cpu0;
const rate = (stored - first) / elapsed;
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}; API ready in ${((ready - t0) / 1000).toFixed(1)} s (streams already full)`,
);
console.log(
  `stored ${stored.toLocaleString('en')} positions: ${Math.round(rate).toLocaleString('en')} positions/s over ${elapsed.toFixed(1)} s; API CPU ${(cpu / stored).toFixed(1)} µs per position`,
);
api.kill('SIGINT');
await sleep(1500);
await db.$disconnect();
await redis.flushdb();
await redis.quit();
await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
await admin.end();
process.exit(0);
