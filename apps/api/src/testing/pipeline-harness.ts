import type { PositionMessage } from '@waymark/contracts/bus';
import type { Event as EventRow } from '@waymark/db/client';
import pino from 'pino';
import { createPool } from '../pipeline/pg-pool';
import type { StoredBatch } from '../pipeline/position-pipeline';
import { createPositionPipeline } from '../pipeline/position-pipeline';
import type { PipelineConfig } from '../pipeline/types';
import { defaultPipelineConfig } from '../pipeline/types';
import { buildTenant } from './factories';
import type { TestApp } from './test-app';
import { createTestApp } from './test-app';

/** Test support: the real pipeline on a fresh database, driven minute by minute (2026-03-01 11:00 + minute). */
export interface Harness {
  t: TestApp;
  /** the pipeline's pool, for tests that run other parts (rebuilds, jobs) beside it */
  pool: ReturnType<typeof createPool>;
  stored: StoredBatch[];
  /** a new pipeline instance on the same database (as after a restart: empty caches) */
  restart(): void;
  send(messages: PositionMessage[], entryIds?: string[]): Promise<void>;
  ids(n: number): string[];
  device(uniqueId: string, data?: Record<string, unknown>): Promise<{ id: number; tenantId: number | null }>;
  events(deviceId: number): Promise<EventRow[]>;
  close(): Promise<void>;
}

export const BASE = Date.UTC(2026, 2, 1, 11, 0);

export function message(uniqueId: string, minute: number, over: Partial<PositionMessage> = {}): PositionMessage {
  const time = new Date(BASE + minute * 60_000).toISOString();
  return {
    protocol: 'osmand',
    uniqueId,
    deviceTime: time,
    fixTime: time,
    outdated: false,
    valid: true,
    latitude: 52.5,
    longitude: 13.4,
    altitude: 34,
    speed: 0,
    course: 0,
    accuracy: 5,
    network: null,
    attributes: {},
    serverTime: time,
    nodeId: 'test',
    ...over,
  };
}

export async function createHarness(config: Partial<PipelineConfig> = {}): Promise<Harness> {
  const t = await createTestApp();
  const pool = createPool(t.databaseUrl, 2);
  const stored: StoredBatch[] = [];
  const tenant = await buildTenant(t.ctx.db);
  let seq = 0;
  const build = () =>
    createPositionPipeline({
      pool,
      config: { ...defaultPipelineConfig, ...config },
      log: pino({ level: 'silent' }),
      registerUnknown: async () => false,
      onStored: (b) => stored.push(b),
      now: () => new Date(BASE + 24 * 3_600_000),
    });
  let handle = build();
  const ids = (n: number) => Array.from({ length: n }, () => `1772366400000-${seq++}`);
  return {
    t,
    pool,
    stored,
    restart() {
      handle = build();
    },
    send: (messages, entryIds) => handle(messages, { ids: entryIds ?? ids(messages.length) }),
    ids,
    device: (uniqueId, data = {}) =>
      t.ctx.db.device.create({ data: { name: uniqueId, uniqueId, tenantId: tenant.id, status: 'online', ...data } }),
    events: (deviceId) =>
      t.ctx.db.event.findMany({ where: { deviceId, type: { not: 'deviceOnline' } }, orderBy: { id: 'asc' } }),
    async close() {
      await pool.end();
      await t.close();
    },
  };
}
