import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { TestApp } from '@waymark/api/testing/test-app';
import { createTestApp } from '@waymark/api/testing/test-app';
import { createBus } from '@waymark/bus/create-bus';
import type { PositionMessage } from '@waymark/contracts/bus';
import { paths } from '@waymark/db/paths';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Kill any process at any moment: no acknowledged position is lost and none is stored twice. The processes are
 * real (tsx children) and die by SIGKILL in the middle of the stream, then start again.
 */
const tsx = join(paths.root, 'node_modules', '.bin', 'tsx');

function start(script: string, env: Record<string, string>, readyLine: RegExp): Promise<ChildProcess> {
  const child = spawn(tsx, [script, ...(script.endsWith('main.ts') ? ['start'] : [])], {
    cwd: paths.root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: the kill reaches tsx's node child too
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no ready line from ${script}: ${out}`)), 60_000);
    child.stdout?.on('data', (d) => {
      out += String(d);
      if (readyLine.test(out)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr?.on('data', (d) => {
      out += String(d);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}: ${out}`)));
  });
}

/** SIGKILL to the whole process group (tsx and the node process it runs), as a crash would. */
const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function duplicates(t: TestApp): Promise<number> {
  const rows = await t.ctx.db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM (SELECT "deviceId", "fixTime" FROM positions GROUP BY 1, 2 HAVING count(*) > 1) d`;
  return Number(rows[0]?.n ?? 0);
}

describe.skipIf(!process.env.REDIS_URL)('crash safety on the Redis path (skipped: REDIS_URL not set)', () => {
  let t: TestApp;
  const prefix = `waymark-test-${randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    const redis = new Redis(process.env.REDIS_URL as string);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await t.close();
  });

  it('stores every published position exactly once while the API consumer is killed three times', async () => {
    const devices = 10;
    const perDevice = 300;
    for (let d = 0; d < devices; d++)
      await t.ctx.db.device.create({ data: { name: `Crash ${d}`, uniqueId: `crash-${prefix}${d}` } });
    const bus = createBus({
      redisUrl: process.env.REDIS_URL,
      nodeId: 'publisher',
      logger: pino({ level: 'silent' }),
      keyPrefix: prefix,
      partitions: 4,
    });
    const env = { DATABASE_URL: t.databaseUrl, REDIS_URL: process.env.REDIS_URL as string, TEST_KEY_PREFIX: prefix };
    const worker = join(paths.root, 'apps/platform/src/e2e/fixtures/pipeline-worker.ts');
    let child = await start(worker, env, /ready/);
    const base = Date.UTC(2026, 0, 1);
    const publishing = (async () => {
      for (let i = 0; i < perDevice; i++) {
        const batch: PositionMessage[] = [];
        for (let d = 0; d < devices; d++) {
          const time = new Date(base + i * 1000).toISOString();
          batch.push({
            protocol: 'test',
            uniqueId: `crash-${prefix}${d}`,
            deviceTime: time,
            fixTime: time,
            outdated: false,
            valid: true,
            latitude: 10 + i * 0.0001,
            longitude: 20,
            altitude: 0,
            speed: 10,
            course: 0,
            accuracy: 0,
            network: null,
            attributes: {},
            serverTime: time,
            nodeId: 'publisher',
          });
        }
        await bus.publish('positions', batch); // resolved = acknowledged to the trackers
        if (i % 20 === 0) await sleep(5);
      }
    })();
    for (let k = 0; k < 3; k++) {
      await sleep(400 + k * 300);
      await kill(child);
      child = await start(worker, env, /ready/);
    }
    await publishing;
    const expected = devices * perDevice;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await t.ctx.db.position.count()) < expected) await sleep(200);
    await sleep(500);
    await kill(child);
    await bus.close();
    expect(await t.ctx.db.position.count()).toBe(expected);
    expect(await duplicates(t)).toBe(0);
  }, 120_000);
});

describe('crash safety on the embedded path (one process, in-process bus)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps every position a tracker got an acknowledgement for when the whole process is killed', async () => {
    const port = await freePort();
    const apiPort = await freePort();
    const env = {
      DATABASE_URL: t.databaseUrl,
      REDIS_URL: '',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      WAYMARK_PROTOCOLS: 'osmand',
      WAYMARK_PORT_OSMAND: String(port),
      WAYMARK_INGEST_HOST: '127.0.0.1',
      WAYMARK_WEB_DIR: '/nonexistent',
      WAYMARK_LOG_LEVEL: 'silent',
    };
    const devices = 5;
    for (let d = 0; d < devices; d++)
      await t.ctx.db.device.create({ data: { name: `Emb ${d}`, uniqueId: `emb-${port}-${d}` } });
    const main = join(paths.root, 'apps/platform/src/cli/main.ts');
    let child = await start(main, env, /ready in/);
    const acked = new Set<string>();
    let stop = false;
    const base = Math.floor(Date.UTC(2026, 0, 1) / 1000);
    const clients = Array.from({ length: devices }, async (_, d) => {
      for (let i = 0; !stop; i++) {
        const key = `${d}:${base + i}`;
        try {
          const res = await fetch(
            `http://127.0.0.1:${port}/?id=emb-${port}-${d}&lat=${10 + i * 0.0001}&lon=20&timestamp=${base + i}`,
          );
          if (res.status === 200) acked.add(key);
        } catch {
          await sleep(100); // the process is down: the device retries later, as trackers do
          i -= 1;
        }
      }
    });
    for (let k = 0; k < 2; k++) {
      await sleep(1500);
      await kill(child);
      await sleep(200);
      child = await start(main, env, /ready in/);
    }
    await sleep(1000);
    stop = true;
    await Promise.all(clients);
    await kill(child);
    const rows = await t.ctx.db.position.findMany({ select: { deviceId: true, fixTime: true } });
    const ids = await t.ctx.db.device.findMany({ where: { uniqueId: { startsWith: `emb-${port}-` } } });
    const byId = new Map(ids.map((d) => [d.id, d.uniqueId.split('-').at(-1)]));
    const stored = new Set(rows.map((r) => `${byId.get(r.deviceId)}:${r.fixTime.getTime() / 1000}`));
    expect(acked.size).toBeGreaterThan(20);
    const lost = [...acked].filter((k) => !stored.has(k));
    expect(lost).toEqual([]);
    expect(await duplicates(t)).toBe(0);
  }, 120_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
