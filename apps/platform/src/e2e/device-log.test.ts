import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { buildTenant, buildUser, signIn } from '@waymark/api/testing/factories';
import type { TestApp } from '@waymark/api/testing/test-app';
import { createTestApp } from '@waymark/api/testing/test-app';
import { createDeviceLog } from '@waymark/bus/device-log/create-device-log';
import type { DeviceLogStore } from '@waymark/bus/device-log/device-log-store';
import { InProcessBus } from '@waymark/bus/in-process-bus';
import type { Ingest } from '@waymark/ingest/ingest';
import { startIngest } from '@waymark/ingest/ingest';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

const LOGIN = '78780d01035288707191199800017fff0d0a';
const HEARTBEAT = '78780a13440604000201baaf540d0a';
const IMEI = '352887071911998';

const paths = [
  { name: 'embedded (one in-process store)', redisUrl: undefined as string | undefined },
  { name: 'Redis (the ingest and the API on their own stores)', redisUrl: process.env.REDIS_URL },
];

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

for (const path of paths) {
  describe.skipIf(path.name.startsWith('Redis') && !path.redisUrl)(
    `a tracker's raw frames reach the data report: ${path.name}`,
    () => {
      let t: TestApp;
      let ingest: Ingest;
      let bus: InProcessBus;
      const stores: DeviceLogStore[] = [];
      const prefix = `waymark-test-${randomBytes(4).toString('hex')}:`;

      beforeAll(async () => {
        t = await createTestApp();
        const log = pino({ level: 'silent' });
        const apiStore = createDeviceLog({ redisUrl: path.redisUrl, keyPrefix: prefix, logger: log });
        const ingestStore = path.redisUrl
          ? createDeviceLog({ redisUrl: path.redisUrl, keyPrefix: prefix, logger: log })
          : apiStore;
        stores.push(...new Set([apiStore, ingestStore]));
        t.ctx.deviceLog = apiStore;
        bus = new InProcessBus({ nodeId: 'log-e2e', logger: log });
        ingest = await startIngest({
          bus,
          deviceLog: ingestStore,
          nodeId: 'ingest-log-e2e',
          logger: log,
          protocols: ['gt06'],
          portOverrides: { gt06: 0 },
          host: '127.0.0.1',
        });
        await t.app.listen({ port: 0, host: '127.0.0.1' });
      });

      afterAll(async () => {
        await ingest?.close();
        await bus?.close();
        await Promise.all(stores.map((s) => s.close()));
        if (path.redisUrl) {
          const redis = new Redis(path.redisUrl);
          const keys = await redis.keys(`${prefix}*`);
          if (keys.length > 0) await redis.del(...keys);
          await redis.quit();
        }
        await t?.close();
      });

      it('lists them for the day, streams them live to {"logs": true}, and writes the file', async () => {
        const tenant = await buildTenant(t.ctx.db);
        const device = await t.ctx.db.device.create({ data: { name: 'Tracker', uniqueId: IMEI, tenantId: tenant.id } });
        const user = await buildUser(t.ctx.db, {
          tenantId: tenant.id,
          permissions: ['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS'],
        });
        const { authorization, body } = await signIn(t.app, user.email);

        const { port } = t.app.server.address() as { port: number };
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/socket?token=${encodeURIComponent(body.accessToken)}`);
        const live: { data: string; deviceId: number }[] = [];
        await new Promise<void>((resolve, reject) => {
          ws.once('error', reject);
          ws.once('message', () => resolve());
        });
        ws.on('message', (raw) => {
          const frame = JSON.parse(String(raw)) as { logs?: { data: string; deviceId: number }[] };
          if (frame.logs) live.push(...frame.logs);
        });
        ws.send(JSON.stringify({ logs: true }));
        await new Promise((r) => setTimeout(r, 300));

        const gt06 = ingest.listening.find((l) => l.protocol === 'gt06')?.port as number;
        const tracker = connect(gt06, '127.0.0.1');
        let acks = 0;
        tracker.on('data', (chunk: Buffer) => {
          acks += chunk.length;
        });
        tracker.write(Buffer.from(LOGIN, 'hex'));
        await waitFor(() => acks >= 10);
        tracker.write(Buffer.from(HEARTBEAT, 'hex'));
        await waitFor(() => acks >= 20);

        await waitFor(() => live.length >= 4);
        expect(live.map((e) => e.data).slice(0, 3)).toEqual([LOGIN, '787805010001d9dc0d0a', HEARTBEAT]);
        expect(live.every((e) => e.deviceId === device.id)).toBe(true);

        const day = await t.app.inject({ url: `/api/v2/devices/${device.id}/log`, headers: { authorization } });
        expect(day.json().data.entries.map((e: { direction: string }) => e.direction)).toEqual([
          'in',
          'out',
          'in',
          'out',
        ]);
        const file = await t.app.inject({ url: `/api/v2/devices/${device.id}/log/file`, headers: { authorization } });
        expect(file.body.split('\n').filter((line) => line.includes('[gt06 ')).length).toBe(4);
        tracker.destroy();
        ws.close();
      });
    },
  );
}
