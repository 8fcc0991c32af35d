import type { PositionMessage } from '@waymark/contracts/bus';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../pipeline/pg-pool';
import { createPositionPipeline } from '../../pipeline/position-pipeline';
import { defaultPipelineConfig } from '../../pipeline/types';
import { buildUser, signIn } from '../../testing/factories';
import { message } from '../../testing/pipeline-harness';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
let pool: ReturnType<typeof createPool>;
let handle: (messages: PositionMessage[], meta: { ids: string[] }) => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  pool = createPool(t.databaseUrl, 2);
  handle = createPositionPipeline({
    pool,
    config: defaultPipelineConfig,
    log: pino({ level: 'silent' }),
    registerUnknown: async () => true,
    onStored: () => {},
    now: () => new Date(Date.UTC(2026, 2, 1, 12)),
  }) as never;
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

describe('devices registered by the pipeline (server setting registerUnknown)', () => {
  it('land IN_STOCK in the platform stock with their first position, online in the stock list', async () => {
    await handle([message('unknown-imei-1', 1), message('unknown-imei-1', 2)], { ids: ['1-0', '1-1'] });
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/device?status=IN_STOCK&search=unknown-imei-1',
      headers: { authorization },
    });
    const [row] = res.json().data.content;
    expect(row).toMatchObject({
      uniqueId: 'unknown-imei-1',
      stockStatus: 'IN_STOCK',
      tenantId: null,
      status: 'online',
    });
    expect(row.lastUpdate).not.toBeNull();
    expect(await t.ctx.db.position.count({ where: { deviceId: row.id } })).toBe(2);
  });
});
