import { randomBytes } from 'node:crypto';
import { LiveHub } from '@waymark/api/live/live-hub';
import { createPool } from '@waymark/api/pipeline/pg-pool';
import type { Processing } from '@waymark/api/pipeline/processing';
import { startProcessing } from '@waymark/api/pipeline/processing';
import { buildTenant, buildUser, signIn } from '@waymark/api/testing/factories';
import type { TestApp } from '@waymark/api/testing/test-app';
import { createTestApp } from '@waymark/api/testing/test-app';
import type { Bus } from '@waymark/bus/bus';
import { createBus } from '@waymark/bus/create-bus';
import type { Ingest } from '@waymark/ingest/ingest';
import { startIngest } from '@waymark/ingest/ingest';
import { imeiOf, startSimulation } from '@waymark/ingest/simulator/simulation';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

const paths = [
  { name: 'embedded path (in-process bus)', redisUrl: undefined as string | undefined },
  { name: 'PostgreSQL + Redis path (Redis streams and pub/sub)', redisUrl: process.env.REDIS_URL },
];

for (const path of paths) {
  describe.skipIf(path.name.includes('Redis') && !path.redisUrl)(
    `a tracker reaches the API and the websocket: ${path.name}${path.redisUrl || !path.name.includes('Redis') ? '' : ' (skipped: REDIS_URL not set)'}`,
    () => {
      let t: TestApp;
      let bus: Bus;
      let ingest: Ingest;
      let processing: Processing;
      let pool: ReturnType<typeof createPool>;
      let api: string;
      let osmand: string;
      let gt06Port: number;
      let authorization: string;
      let accessToken: string;
      const redisClients: Redis[] = [];
      const prefix = `waymark-test-${randomBytes(4).toString('hex')}:`;

      beforeAll(async () => {
        t = await createTestApp();
        const log = pino({ level: 'silent' });
        if (path.redisUrl) {
          const publisher = new Redis(path.redisUrl);
          const subscriber = new Redis(path.redisUrl);
          redisClients.push(publisher, subscriber);
          t.ctx.live = new LiveHub(log, { publisher, subscriber });
          await t.ctx.live.whenReady();
        }
        bus = createBus({
          redisUrl: path.redisUrl,
          nodeId: `node-${prefix}`,
          logger: log,
          keyPrefix: prefix,
          partitions: 4,
        });
        t.ctx.bus = bus;
        pool = createPool(t.databaseUrl, 2);
        processing = startProcessing(t.ctx, bus, pool, { batchSize: 100 });
        ingest = await startIngest({
          bus,
          nodeId: `ingest-${prefix}`,
          logger: log,
          protocols: ['osmand', 'gt06'],
          portOverrides: { osmand: 0, gt06: 0 },
          host: '127.0.0.1',
        });
        osmand = `http://127.0.0.1:${ingest.listening.find((l) => l.protocol === 'osmand')?.port}`;
        gt06Port = ingest.listening.find((l) => l.protocol === 'gt06')?.port as number;
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        api = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
        const tenant = await buildTenant(t.ctx.db);
        const user = await buildUser(t.ctx.db, {
          tenantId: tenant.id,
          permissions: ['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS', 'SEND_COMMAND'],
        });
        const session = await signIn(t.app, user.email);
        authorization = session.authorization;
        accessToken = session.body.accessToken;
      });

      afterAll(async () => {
        await ingest?.close();
        await processing?.close();
        await bus?.close();
        await pool?.end();
        await t?.close();
        if (path.redisUrl) {
          const keys = await redisClients[0]?.keys(`${prefix}*`);
          if (keys?.length) await redisClients[0]?.del(...keys);
        }
        await Promise.all(redisClients.map((r) => r.quit()));
      });

      const report = (uniqueId: string, lat: number, at: Date) =>
        fetch(
          `${osmand}/?id=${uniqueId}&lat=${lat}&lon=13.4&timestamp=${Math.floor(at.getTime() / 1000)}&speed=20&bearing=90`,
        );

      it('shows a registered device moving through /api/positions and the websocket', async () => {
        const uniqueId = `e2e-${randomBytes(3).toString('hex')}`;
        const created = await fetch(`${api}/api/devices`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Delivery van', uniqueId }),
        });
        expect(created.status).toBe(200);
        const device = (await created.json()) as { id: number; status: string };
        expect(device.status).toBe('unknown');

        const socket = new WebSocket(`${api.replace('http', 'ws')}/api/socket?token=${accessToken}`);
        const frames: Record<string, unknown[]>[] = [];
        socket.on('message', (data) => frames.push(JSON.parse(String(data))));
        await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
        await waitFor(() => frames.length >= 1, 'initial frame');
        expect(frames[0]).toEqual({ positions: [] });

        const start = new Date(Date.now() - 60_000);
        for (let i = 0; i < 3; i++)
          expect((await report(uniqueId, 52.5 + i * 0.001, new Date(start.getTime() + i * 10_000))).status).toBe(200);

        await waitFor(
          () =>
            frames.flatMap((f) => (f.positions ?? []) as { deviceId: number }[]).filter((p) => p.deviceId === device.id)
              .length === 3,
          'three live positions',
        );
        await waitFor(
          () =>
            frames.some((f) =>
              ((f.devices ?? []) as { id: number; status: string }[]).some(
                (d) => d.id === device.id && d.status === 'online',
              ),
            ),
          'device online',
        );
        const live = frames.flatMap((f) => (f.positions ?? []) as { latitude: number; speed: number }[]);
        expect(live.map((p) => p.latitude)).toEqual([52.5, 52.501, 52.502]);
        expect(live[0]?.speed).toBe(20);

        const latest = (await (await fetch(`${api}/api/positions`, { headers: { authorization } })).json()) as {
          deviceId: number;
          latitude: number;
        }[];
        expect(latest.find((p) => p.deviceId === device.id)?.latitude).toBe(52.502);
        const history = await fetch(
          `${api}/api/positions?deviceId=${device.id}&from=${new Date(start.getTime() - 1000).toISOString()}&to=${new Date().toISOString()}`,
          { headers: { authorization } },
        );
        expect(((await history.json()) as unknown[]).length).toBe(3);
        const listed = (await (
          await fetch(`${api}/api/devices?id=${device.id}`, { headers: { authorization } })
        ).json()) as { status: string; lastUpdate: string }[];
        expect(listed[0]?.status).toBe('online');
        expect(listed[0]?.lastUpdate).toBeTruthy();
        socket.close();
      }, 30_000);

      it('shows a tracker simulated over TCP (GT06) moving on the websocket and in /api/positions', async () => {
        const uniqueId = imeiOf('35209977', Math.floor(Math.random() * 10_000));
        const created = await fetch(`${api}/api/devices`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'GT06 truck', uniqueId }),
        });
        const device = (await created.json()) as { id: number };
        const socket = new WebSocket(`${api.replace('http', 'ws')}/api/socket?token=${accessToken}`);
        const live: { deviceId: number; latitude: number; fixTime: string }[] = [];
        socket.on('message', (data) => {
          const frame = JSON.parse(String(data)) as { positions?: typeof live };
          live.push(...(frame.positions ?? []).filter((p) => p.deviceId === device.id));
        });
        await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
        const simulation = startSimulation({
          devices: [{ uniqueId, protocol: 'gt06' }],
          rate: 1,
          ports: { gt06: gt06Port },
          host: '127.0.0.1',
          seed: 7,
        });
        try {
          await waitFor(
            () => new Set(live.map((p) => p.fixTime)).size >= 3,
            'three GT06 positions on the websocket',
            15_000,
          );
        } finally {
          await simulation.stop();
          socket.close();
        }
        const latest = (await (
          await fetch(`${api}/api/positions?deviceId=${device.id}`, { headers: { authorization } })
        ).json()) as {
          protocol: string;
          latitude: number;
        }[];
        expect(latest[0]?.protocol).toBe('gt06');
        expect(latest[0]?.latitude).toBeCloseTo(live.at(-1)?.latitude as number, 5);
      }, 30_000);

      it('sends a command to an online device at once, and queues one for an offline device until it reports', async () => {
        const uniqueId = `cmd-${randomBytes(3).toString('hex')}`;
        const created = (await (
          await fetch(`${api}/api/devices`, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Car', uniqueId }),
          })
        ).json()) as { id: number };

        const queued = await fetch(`${api}/api/commands/send`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ deviceId: created.id, type: 'custom', attributes: { data: 'hello-queued' } }),
        });
        expect(queued.status).toBe(202);
        expect(await queued.json()).toMatchObject({ message: 'Command queued', status: 'QUEUED' });

        expect((await report(uniqueId, 48.1, new Date(Date.now() - 5000))).status).toBe(200);
        await waitFor(
          async () => (await t.ctx.db.queuedCommand.count({ where: { deviceId: created.id, status: 'SENT' } })) === 1,
          'queued command sent on report',
        );
        await new Promise((r) => setTimeout(r, 100));
        const next = await report(uniqueId, 48.101, new Date());
        expect(await next.text()).toContain('hello-queued');

        await waitFor(
          async () => (await t.ctx.db.device.findUniqueOrThrow({ where: { id: created.id } })).status === 'online',
          'online',
        );
        const sent = await fetch(`${api}/api/commands/send`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ deviceId: created.id, type: 'custom', attributes: { data: 'hello-now' } }),
        });
        expect(sent.status).toBe(200);
        expect(await sent.json()).toMatchObject({ message: 'Command sent', status: 'SENT' });
        await new Promise((r) => setTimeout(r, 100));
        expect(await (await report(uniqueId, 48.102, new Date(Date.now() + 1000))).text()).toContain('hello-now');
      }, 30_000);

      it('drops a queued command past its expiry instead of firing it late', async () => {
        const uniqueId = `exp-${randomBytes(3).toString('hex')}`;
        const created = (await (
          await fetch(`${api}/api/devices`, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Boat', uniqueId }),
          })
        ).json()) as { id: number };
        const res = await fetch(`${api}/api/commands/send`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({
            deviceId: created.id,
            type: 'engineStop',
            expiresAt: new Date(Date.now() + 300).toISOString(),
          }),
        });
        expect(res.status).toBe(202);
        await new Promise((r) => setTimeout(r, 400));
        await report(uniqueId, 40, new Date());
        await waitFor(
          async () =>
            (await t.ctx.db.queuedCommand.findFirstOrThrow({ where: { deviceId: created.id } })).status === 'EXPIRED',
          'expired',
        );
      }, 30_000);
    },
  );
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
