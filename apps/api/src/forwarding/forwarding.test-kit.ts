import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createPool } from '../pipeline/pg-pool';
import { createHarness, type Harness } from '../testing/pipeline-harness';
import { forwardingTargets } from './enqueue';
import { startForwarding } from './worker';

export const MQTT_URL = process.env.WAYMARK_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
export const AMQP_URL = process.env.WAYMARK_TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export const log = pino({ level: 'silent' });
export const unique = () => randomBytes(4).toString('hex');

/** What a forwarding test file works with, filled in by `useForwardingHarness()` before its tests run. */
export const fx = {} as {
  h: Harness;
  pool: ReturnType<typeof createPool>;
  worker: ReturnType<typeof startForwarding>;
};

/** The pipeline harness, a pool and a forwarding worker of this node, for the tests of the calling file. */
export function useForwardingHarness(): void {
  beforeAll(async () => {
    fx.h = await createHarness();
    fx.pool = createPool(fx.h.t.databaseUrl, 3);
    // small claims, several in flight: every test's messages span batches
    fx.worker = startForwarding(fx.pool, log, {
      batchSize: 5,
      inFlight: 3,
      pollMs: 20,
      reconcileMs: 100,
      backoffMs: 150,
      maxBackoffMs: 2_000,
      timeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await fx.worker.close();
    await fx.pool.end();
    await fx.h.close();
  });
}

/** A target, seen at once by the pipeline and the worker (as the forwarding routes do). */
export async function target(data: {
  type: string;
  url: string;
  topic?: string;
  headers?: Record<string, string>;
  events?: boolean;
  queueLimit?: number;
}) {
  const row = await fx.h.t.ctx.db.forwarding.create({ data: { name: data.type, positions: true, ...data } });
  forwardingTargets.forget();
  return row;
}

export async function disable(id: number) {
  await fx.h.t.ctx.db.forwarding.update({ where: { id }, data: { enabled: false } });
  forwardingTargets.forget();
}

export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const outboxOf = (id: number) => fx.h.t.ctx.db.forwardingOutbox.count({ where: { forwardingId: id } });

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  at: number;
}

/** A local webhook receiver answering `status()` (200 unless changed); while `hold()`, requests wait for an answer. */
export async function receiver(status: () => number = () => 200, hold: () => boolean = () => false) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(text),
        at: Date.now(),
      });
      const answer = () => {
        if (hold()) return setTimeout(answer, 20);
        res.statusCode = status();
        res.end();
      };
      answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?fleet=1`;
  return { received, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
