// Benchmark of the ingest hot path alone: one standalone ingest process (apps/ingest/src/main.ts, Teltonika over
// TCP) with the Redis bus against a local Redis (database 8, flushed), and N TCP clients in this process that each
// send Teltonika codec 8 packets (one record each) as fast as the acks allow. Reports acks/s and the ingest's CPU
// per message (utime + stime of its /proc/<pid>/stat), plus Redis's. At the end every acknowledged record must be
// in the streams (ack only after stored).
// Usage: node --import tsx bench/ingest-throughput.ts
//   BENCH_CLIENTS (default 1000), BENCH_SECONDS (default 20), BENCH_WARMUP (default 5), REDIS_URL (its host),
//   BENCH_PROFILE=dir (the ingest writes a V8 CPU profile there)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { cpus } from 'node:os';
import { imeiOf } from '@waymark/ingest/simulator/simulation';
import { teltonikaAvlPacket, teltonikaHandshake, teltonikaRecord } from '@waymark/ingest/simulator/teltonika-frames';
import type { VehicleReport } from '@waymark/ingest/simulator/vehicle';
import { Redis } from 'ioredis';
import { freePort, NODE_FLAGS, root } from './support/processes';

const redisUrl = `${(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/8`;
const clients = Number(process.env.BENCH_CLIENTS ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const profileDir = process.env.BENCH_PROFILE;
/** records per Teltonika packet (one ack per packet) */
const records = Number(process.env.BENCH_RECORDS ?? 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TICK_US = 1e6 / 100; // USER_HZ is 100 on Linux

/** utime + stime of a process, µs. */
function cpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

const redis = new Redis(redisUrl);
await redis.flushdb();
const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);

const port = await freePort();
const ingest = spawn(
  process.execPath,
  [
    ...NODE_FLAGS,
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    '--import',
    'tsx',
    'apps/ingest/src/main.ts',
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      REDIS_URL: redisUrl,
      WAYMARK_LOG_LEVEL: 'info',
      WAYMARK_NODE_ID: 'bench-ingest',
      WAYMARK_PROTOCOLS: 'teltonika',
      WAYMARK_PORT_TELTONIKA: String(port),
      WAYMARK_INGEST_HOST: '127.0.0.1',
      WAYMARK_INGEST_MAX_CONNECTIONS_PER_ADDRESS: '0',
      WAYMARK_BUS_HIGH_WATER_MARK: '0', // nothing consumes here: the streams only fill
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  },
);
let ingestLog = '';
await new Promise<void>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`ingest not ready:\n${ingestLog}`)), 60_000);
  ingest.stderr.on('data', (d: Buffer) => {
    ingestLog = (ingestLog + String(d)).slice(-20_000);
    if (/"msg":"listening"/.test(ingestLog)) {
      clearTimeout(timer);
      resolve();
    }
  });
  ingest.once('exit', (code) => reject(new Error(`ingest exited ${code}\n${ingestLog}`)));
});
const ingestPid = ingest.pid!;

/** Packets of one device: a few reports with increasing times (sent round-robin). */
function packetsOf(index: number): Buffer[] {
  const start = Date.now();
  return Array.from({ length: 8 }, (_, k) =>
    teltonikaAvlPacket(
      Array.from({ length: records }, (_, r) => teltonikaRecord(reportOf(index, start, k * records + r))),
    ),
  );
}

function reportOf(index: number, start: number, k: number): VehicleReport {
  {
    const report: VehicleReport = {
      time: new Date(start + k * 1000),
      latitude: 48.85 + index * 1e-4,
      longitude: 2.35 + k * 1e-4,
      altitude: 35,
      speedKph: 40 + k,
      course: (index * 7 + k) % 360,
      ignition: true,
      moving: true,
      batteryLevel: 90,
      power: 12.6,
      odometer: 1000 * index + k,
      satellites: 9,
      alarm: null,
    };
    return report;
  }
}

let acked = 0;
let handshakes = 0;
let failures = 0;
let running = true;
const sockets: Socket[] = [];

function startClient(index: number): Promise<void> {
  const imei = imeiOf('35209933', index);
  const packets = packetsOf(index);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    sockets.push(socket);
    socket.setNoDelay(true);
    let identified = false;
    let pending = 0; // bytes of the current ack received so far
    let sent = 0;
    const next = () => {
      if (running) socket.write(packets[sent++ % packets.length]!);
    };
    socket.on('connect', () => socket.write(teltonikaHandshake(imei)));
    socket.on('data', (chunk: Buffer) => {
      let offset = 0;
      if (!identified) {
        if (chunk[0] !== 0x01) return reject(new Error('IMEI refused'));
        identified = true;
        handshakes += 1;
        offset = 1;
        resolve();
        next();
      }
      pending += chunk.length - offset;
      while (pending >= 4) {
        pending -= 4;
        acked += 1;
        next();
      }
    });
    socket.on('error', (err) => {
      if (running) failures += 1;
      reject(err);
    });
  });
}

const connecting = Date.now();
for (let i = 0; i < clients; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, clients - i) }, (_, k) => startClient(i + k)));
}
const connectedAfter = Date.now() - connecting;
const ackedConnecting = acked;
await sleep(warmup * 1000);

const a0 = acked;
const c0 = cpuUs(ingestPid);
const r0 = cpuUs(redisPid);
const self0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
const samples: number[] = [];
for (let s = 0; s < seconds; s += 2) {
  await sleep(2000);
  samples.push(acked);
}
const elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
const timeline = samples.map((n, i) => Math.round((n - (samples[i - 1] ?? a0)) / 2)).join(' ');
const messages = acked - a0;
const ingestCpu = cpuUs(ingestPid) - c0;
const redisCpu = cpuUs(redisPid) - r0;
const self = process.cpuUsage(self0);

running = false;
await sleep(500); // replies in flight
for (const s of sockets) s.destroy();
await sleep(500);
const lengths = await Promise.all(
  Array.from({ length: 16 }, (_, p) => redis.xlen(`waymark:positions:${p}`).catch(() => 0)),
);
const stored = lengths.reduce((a, b) => a + b, 0);

ingest.kill('SIGTERM');
await new Promise((r) => ingest.once('exit', r));
await redis.flushdb();
await redis.quit();

const us = (cpu: number) => (messages > 0 ? (cpu / messages / records).toFixed(1) : 'n/a');
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model}, Node ${process.version}; Redis ${redisUrl}`);
console.log(
  `${clients} Teltonika clients, ${records} record(s) per packet, over ${elapsed.toFixed(1)} s: ` +
    `${Math.round(messages / elapsed).toLocaleString('en')} acks/s (${Math.round((messages * records) / elapsed).toLocaleString('en')} records/s); ` +
    `ingest CPU ${us(ingestCpu)} µs/record (${((ingestCpu / 1e6 / elapsed) * 100).toFixed(0)} % of a core); ` +
    `redis ${us(redisCpu)} µs/record; clients ${us(self.user + self.system)} µs/record`,
);
console.log(
  `connected in ${connectedAfter} ms (${ackedConnecting.toLocaleString('en')} acks meanwhile); acks/s every 2 s: ${timeline}`,
);
console.log(
  `acked packets ${acked.toLocaleString('en')} (handshakes ${handshakes}, failures ${failures}); stream entries (one per packet) ${stored.toLocaleString('en')}${stored >= acked ? '' : '  <-- FEWER THAN ACKED'}`,
);
process.exit(stored >= acked && failures === 0 ? 0 : 1);
