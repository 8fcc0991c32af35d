// Benchmark, end to end on this machine with PostgreSQL and Redis (the production path, separate processes):
//  A. throughput: 1,000 simulated trackers over TCP (Teltonika: ms timestamps, so no report is a duplicate), as
//     fast as acknowledgements allow → positions stored/s;
//  B. latency: 1,000 Teltonika trackers at 5 positions/s each (5,000/s) → device-to-websocket p50/p99;
//  F. the same at BENCH_F_PER_DEVICE positions/s each (default 10: 10,000/s), with the CPU of each process
//     (run it with and without BENCH_FORWARD=mqtt to see what forwarding costs).
// Usage: pnpm bench:e2e   (DATABASE_URL's server and REDIS_URL, default the local ones)
//   BENCH_PHASES=A,B,A2 (which phases, default A,B,A2; F and D on request), BENCH_SECONDS=30, BENCH_DEVICES=1000,
//   BENCH_FORWARD=mqtt: every position is forwarded to the MQTT broker at BENCH_MQTT_URL (default
//   mqtt://127.0.0.1:1883) through a server-wide target; a subscriber here counts what arrives, and each phase
//   reports the messages forwarded/s and what was left in the outbox; phase D (with it) measures delivery alone:
//   BENCH_D_ROWS stored positions (default 200,000) put in the outbox at once, messages received/s until it empties,
//   BENCH_PROFILE_API=dir / BENCH_PROFILE_INGEST=dir (that process writes a V8 CPU profile there)
import { cpus, totalmem } from 'node:os';
import { createDb } from '@waymark/db/client';
import { applyMigrations } from '@waymark/db/migrations/migrate';
import { imeiOf, startSimulation } from '@waymark/ingest/simulator/simulation';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';
import pg from 'pg';
import WebSocket from 'ws';
import { cpuMeter } from './support/cpu';
import { freePort, startProcess } from './support/processes';

const adminUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = `${(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/7`;
const devices = Number(process.env.BENCH_DEVICES ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const dbName = `waymark_bench_${process.pid}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
await applyMigrations(dbUrl);
const redis = new Redis(redisUrl);
await redis.flushdb();
const db = createDb(dbUrl, { poolSize: 2 });
const tenant = await db.tenant.create({ data: { name: 'Bench' } });
const gt06Ids = Array.from({ length: devices }, (_, i) => imeiOf('35209911', i));
const teltonikaIds = Array.from({ length: devices }, (_, i) => imeiOf('35209922', i));
await db.device.createMany({
  data: [...gt06Ids, ...teltonikaIds].map((uniqueId) => ({ uniqueId, name: uniqueId, tenantId: tenant.id })),
});

const forward = process.env.BENCH_FORWARD ?? '';
if (forward && forward !== 'mqtt') throw new Error(`BENCH_FORWARD=${forward}: only mqtt is measured here`);
const mqttUrl = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const topic = `waymark-bench/${process.pid}`;
let forwarded = 0;
const subscriber = forward ? await mqtt.connectAsync(mqttUrl) : null;
if (subscriber) {
  subscriber.on('message', () => {
    forwarded += 1;
  });
  await subscriber.subscribeAsync(topic, { qos: 0 });
  // before the API starts: its pipeline and forwarding worker find the target at once
  await db.forwarding.create({ data: { name: 'bench', type: 'mqtt', url: mqttUrl, topic, positions: true } });
}

const [gt06Port, teltonikaPort, apiPort] = [await freePort(), await freePort(), await freePort()];
const common = { DATABASE_URL: dbUrl, REDIS_URL: redisUrl, WAYMARK_LOG_LEVEL: 'warn' };
const api = await startProcess(
  ['apps/api/src/main.ts'],
  {
    ...common,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    WAYMARK_WEB_DIR: '/nonexistent',
    WAYMARK_ADMIN_EMAIL: 'bench@waymark.local',
    WAYMARK_ADMIN_PASSWORD: 'Bench-password-1',
  },
  /ready in/,
  process.env.BENCH_PROFILE_API ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_API}`] : [],
);
const ingest = await startProcess(
  ['apps/ingest/src/main.ts'],
  {
    ...common,
    WAYMARK_LOG_LEVEL: 'info',
    WAYMARK_PROTOCOLS: 'gt06,teltonika',
    WAYMARK_PORT_GT06: String(gt06Port),
    WAYMARK_PORT_TELTONIKA: String(teltonikaPort),
    WAYMARK_INGEST_HOST: '127.0.0.1',
    WAYMARK_INGEST_MAX_CONNECTIONS_PER_ADDRESS: '0',
  },
  /listening|ready/i,
  process.env.BENCH_PROFILE_INGEST ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_INGEST}`] : [],
);
const meter = cpuMeter({
  api: { pid: api.pid!, tree: true },
  ingest: { pid: ingest.pid!, tree: true },
  simulator: { pid: process.pid, tree: false },
  postgres: 'postgres',
  redis: 'redis-server',
});
const count = async () => Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM positions`)[0]?.n ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until the pipeline has stored everything acknowledged: no new row for 3 s. */
async function drained(): Promise<void> {
  let last = await count();
  for (let quiet = 0; quiet < 6; ) {
    await sleep(500);
    const now = await count();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
}

const phases = new Set((process.env.BENCH_PHASES ?? 'A,B,A2').split(',').map((p) => p.trim().toUpperCase()));

const outbox = async () =>
  Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM forwarding_outbox`)[0]?.n ?? 0);

/**
 * With BENCH_FORWARD: what a phase forwarded (messages received by the subscriber per second of the window) and
 * what its outbox held when the pipeline had drained; then waits (up to 2 minutes) for the outbox to empty, so
 * that the next phase starts even.
 */
async function forwardingReport(received: number, elapsed: number): Promise<string> {
  if (!subscriber) return '';
  const left = await outbox();
  // the delivery rate alone (the pipeline idle): messages received while the backlog empties
  const r0 = forwarded;
  const t0 = Date.now();
  const end = t0 + 120_000;
  let remaining = left;
  while (remaining > 0 && Date.now() < end) {
    await sleep(250);
    remaining = await outbox();
  }
  const drainSeconds = (Date.now() - t0) / 1000;
  const drain =
    left > 0
      ? `; then ${n((forwarded - r0) / drainSeconds)} messages/s received while it emptied (${drainSeconds.toFixed(1)} s, ${n(remaining)} left)`
      : '';
  return `\n   forwarded to MQTT: ${n(received / elapsed)} messages/s received; ${n(left)} waiting in the outbox when the pipeline had drained${drain}`;
}

/**
 * A and A2. throughput: the trackers report as fast as acknowledgements allow; positions stored/s counted in the
 * database over `seconds` (two counts only: a count(*) a second would load PostgreSQL during the measurement).
 */
async function flood(recordsPerPacket: number) {
  const simulation = startSimulation({
    devices: gt06Ids.map((uniqueId) => ({ uniqueId, protocol: 'teltonika' as const })),
    rate: 100,
    recordsPerPacket,
    ports: { teltonika: teltonikaPort },
    host: '127.0.0.1',
  });
  await sleep(5000); // connect and warm up
  const c0 = await count();
  const a0 = simulation.stats().acked;
  const f0 = forwarded;
  const t0 = Date.now();
  meter.reset();
  await sleep(seconds * 1000);
  const cpu = meter.report();
  const acked = simulation.stats().acked - a0;
  const stored = (await count()) - c0;
  const elapsed = (Date.now() - t0) / 1000;
  const sent = forwarded - f0;
  await simulation.stop();
  // let the pipeline drain what was acknowledged before the next phase
  await drained();
  return {
    rate: stored / elapsed,
    acks: acked / elapsed,
    elapsed,
    cpu,
    forwarding: await forwardingReport(sent, elapsed),
  };
}

/** B and F. latency at `perDevice` positions/s per tracker: receive time on the websocket − the device's own timestamp. */
async function latency(perDevice: number) {
  const signIn = await fetch(`http://127.0.0.1:${apiPort}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@waymark.local', password: 'Bench-password-1' }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const socket = new WebSocket(`ws://127.0.0.1:${apiPort}/api/socket?token=${accessToken}`);
  const latencies: number[] = [];
  let measuring = false;
  socket.on('message', (data) => {
    const now = Date.now();
    const frame = JSON.parse(String(data)) as { positions?: { fixTime: string; protocol: string }[] };
    if (!measuring || !frame.positions) return;
    for (const p of frame.positions) if (p.protocol === 'teltonika') latencies.push(now - Date.parse(p.fixTime));
  });
  await new Promise((r) => socket.once('open', r));
  const steady = startSimulation({
    devices: teltonikaIds.map((uniqueId) => ({ uniqueId, protocol: 'teltonika' as const })),
    rate: perDevice,
    ports: { teltonika: teltonikaPort },
    host: '127.0.0.1',
  });
  await sleep(5000);
  measuring = true;
  const l0 = await count();
  const f0 = forwarded;
  const t0 = Date.now();
  meter.reset();
  await sleep(seconds * 1000);
  measuring = false;
  const cpu = meter.report();
  const elapsed = (Date.now() - t0) / 1000;
  const rate = ((await count()) - l0) / elapsed;
  const sent = forwarded - f0;
  await steady.stop();
  socket.close();
  await drained();
  const forwarding = await forwardingReport(sent, elapsed);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? Number.NaN;
  return { rate, p50: pct(50), p99: pct(99), max: latencies.at(-1), received: latencies.length, cpu, forwarding };
}

/**
 * D. delivery alone: `rows` positions of the Teltonika trackers (each with a few attributes, as decoded ones have)
 * stored and put in the server-wide target's outbox in one transaction, the pipeline idle; messages received/s
 * from the COMMIT until the subscriber has them all (or 3 minutes) and what is left in the outbox then.
 */
async function delivery(rows: number) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query(
    `WITH d AS (SELECT id, "tenantId", row_number() OVER (ORDER BY id) - 1 AS k FROM devices WHERE "uniqueId" = ANY($2::text[])),
          p AS (
       INSERT INTO positions ("deviceId", "tenantId", protocol, "deviceTime", "fixTime", valid, latitude, longitude,
                              altitude, speed, course, attributes)
       SELECT d.id, d."tenantId", 'teltonika', ts, ts, true, 48.85 + i * 1e-6, 2.35 + i * 1e-6, 35, 42.5, i % 360,
              json_build_object('priority', 0, 'sat', 9, 'event', 0, 'ignition', true, 'motion', true,
                                'power', 12.8, 'battery', 4.1, 'io200', 0, 'odometer', i * 10)
         FROM generate_series(0, $1 - 1) AS i
         JOIN d ON d.k = i % $3
         CROSS JOIN LATERAL (SELECT now()::timestamp(3) - make_interval(secs => ($1 - i) / 1000.0) AS ts) t
        ORDER BY i
       RETURNING id, "fixTime")
     INSERT INTO forwarding_outbox ("forwardingId", "positionId", "fixTime")
     SELECT f.id, p.id, p."fixTime" FROM p CROSS JOIN forwarding f ORDER BY p.id`,
    [rows, teltonikaIds, teltonikaIds.length],
  );
  const f0 = forwarded;
  meter.reset();
  await client.query('COMMIT');
  await client.end();
  const t0 = Date.now();
  const end = t0 + 180_000;
  while (forwarded - f0 < rows && Date.now() < end) await sleep(100);
  const elapsed = (Date.now() - t0) / 1000;
  const cpu = meter.report();
  return { rows, rate: (forwarded - f0) / elapsed, elapsed, cpu, left: await outbox() };
}

const n = (value: number) => Math.round(value).toLocaleString('en');
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; PostgreSQL and Redis local; api, ingest and simulator as separate processes${subscriber ? `; every position forwarded to MQTT (${mqttUrl})` : ''}`,
);
if (phases.has('A')) {
  const a = await flood(1);
  console.log(
    `A. ${devices} Teltonika trackers over TCP, as fast as acks allow: ${n(a.rate)} positions stored/s (trackers saw ${n(a.acks)} acks/s) over ${a.elapsed.toFixed(0)} s`,
  );
  console.log(`   CPU, cores: ${a.cpu}${a.forwarding}`);
}
if (phases.has('B')) {
  const b = await latency(5);
  console.log(
    `B. ${devices} Teltonika trackers at 5/s: ${n(b.rate)} positions stored/s; device → websocket latency p50 ${b.p50} ms, p99 ${b.p99} ms, max ${b.max} ms (${n(b.received)} positions)${b.forwarding}`,
  );
}
if (phases.has('A2')) {
  // the same trackers buffering: 10 records per packet (as Teltonika devices send them when they report every
  // second and transmit every ten), still one ack per packet
  const a2 = await flood(10);
  console.log(
    `A2. the same with 10 records per packet: ${n(a2.rate)} positions stored/s (${n(a2.acks)} packets acked/s)`,
  );
  console.log(`    CPU, cores: ${a2.cpu}${a2.forwarding}`);
}
if (phases.has('F')) {
  const perDevice = Number(process.env.BENCH_F_PER_DEVICE ?? 10);
  const f = await latency(perDevice);
  console.log(
    `F. ${devices} Teltonika trackers at ${perDevice}/s: ${n(f.rate)} positions stored/s; device → websocket latency p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms (${n(f.received)} positions)`,
  );
  console.log(`   CPU, cores: ${f.cpu}${f.forwarding}`);
}

if (phases.has('D')) {
  if (!subscriber) throw new Error('phase D needs BENCH_FORWARD=mqtt');
  const d = await delivery(Number(process.env.BENCH_D_ROWS ?? 200_000));
  console.log(
    `D. delivery alone: ${n(d.rows)} stored positions put in the outbox at once: ${n(d.rate)} messages/s received over ${d.elapsed.toFixed(1)} s; ${n(d.left)} left in the outbox`,
  );
  console.log(`   CPU, cores: ${d.cpu}`);
}

api.kill();
ingest.kill();
await subscriber?.endAsync();
await db.$disconnect();
await redis.flushdb();
await redis.quit();
await sleep(500);
await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
await admin.end();
process.exit(0);
