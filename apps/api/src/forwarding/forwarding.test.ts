import type { Bus } from '@waymark/bus/bus';
import { connect as amqpConnect } from 'amqplib';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { sweepInactive } from '../pipeline/inactivity';
import { flushQueued } from '../pipeline/queued-commands';
import { createStatusHandler } from '../pipeline/status';
import { message } from '../testing/pipeline-harness';
import { forwardingTargets } from './enqueue';
import {
  AMQP_URL,
  disable,
  fx,
  log,
  MQTT_URL,
  outboxOf,
  REDIS_URL,
  type Received,
  receiver,
  target,
  unique,
  until,
  useForwardingHarness,
} from './forwarding.test-kit';
import { backoffDelay, sweepOrphans, trimOutboxes } from './worker';

/** a back-off that keeps the worker away for the rest of the run */
const FAR = new Date(Date.now() + 3_600_000);

useForwardingHarness();

describe('forwarding through the outbox', () => {
  it('posts each stored position and event to a webhook in Traccar’s shape, with the target’s headers', async () => {
    const hook = await receiver();
    const uniqueId = `fw-hook-${unique()}`;
    const device = await fx.h.device(uniqueId, { status: 'offline' });
    const fw = await target({ type: 'webhook', url: hook.url, headers: { 'x-api-key': 'k-123' }, events: true });
    await fx.h.send([message(uniqueId, 0, { latitude: 48.1 }), message(uniqueId, 1, { latitude: 48.2 })]);
    const mine = () => hook.received.filter((r) => (r.body.device as { id: number }).id === device.id);
    await until('three requests', () => (mine().length >= 3 ? true : undefined));
    const requests = mine();
    expect(requests).toHaveLength(3);
    for (const r of requests) {
      expect(r.method).toBe('POST');
      expect(r.url).toBe('/hook?fleet=1');
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-api-key']).toBe('k-123');
    }
    const stored = await fx.h.t.ctx.db.position.findMany({ where: { deviceId: device.id }, orderBy: { id: 'asc' } });
    const positions = requests.filter((r) => !('event' in r.body));
    expect(positions.map((r) => r.body)).toEqual(
      stored.map((p) => ({
        position: expect.objectContaining({
          id: Number(p.id),
          deviceId: device.id,
          protocol: 'osmand',
          fixTime: p.fixTime.toISOString(),
          latitude: p.latitude,
          longitude: 13.4,
          attributes: p.attributes,
        }),
        device: expect.objectContaining({ id: device.id, uniqueId, name: uniqueId }),
      })),
    );
    const [online] = requests.filter((r) => 'event' in r.body);
    expect(online?.body).toEqual({
      event: expect.objectContaining({ type: 'deviceOnline', deviceId: device.id, positionId: 0 }),
      position: null,
      device: expect.objectContaining({ id: device.id }),
    });
    await until('the outbox emptied', async () => ((await outboxOf(fw.id)) === 0 ? true : undefined));
    const after = await fx.h.t.ctx.db.forwarding.findUniqueOrThrow({ where: { id: fw.id } });
    expect(after.delivered).toBe(3n);
    expect(after.failures).toBe(0);
    await disable(fw.id);
    await hook.close();
  });

  it('publishes to the real Mosquitto at QoS 1 on the target’s topic', async () => {
    const topic = `waymark-test/${unique()}`;
    const subscriber = await mqtt.connectAsync(MQTT_URL);
    const got: { topic: string; body: Record<string, unknown> }[] = [];
    subscriber.on('message', (t, payload) => got.push({ topic: t, body: JSON.parse(payload.toString()) }));
    await subscriber.subscribeAsync(topic, { qos: 1 });
    const uniqueId = `fw-mqtt-${unique()}`;
    const device = await fx.h.device(uniqueId);
    const fw = await target({ type: 'mqtt', url: MQTT_URL, topic });
    await fx.h.send([message(uniqueId, 0), message(uniqueId, 1), message(uniqueId, 2)]);
    await until('three MQTT messages', () => (got.length >= 3 ? true : undefined));
    expect(got.map((m) => m.topic)).toEqual([topic, topic, topic]);
    expect(got.map((m) => (m.body.position as { fixTime: string }).fixTime)).toEqual([
      '2026-03-01T11:00:00.000Z',
      '2026-03-01T11:01:00.000Z',
      '2026-03-01T11:02:00.000Z',
    ]);
    expect(got.every((m) => (m.body.device as { id: number }).id === device.id)).toBe(true);
    await disable(fw.id);
    await subscriber.endAsync();
  });

  it('publishes persistent messages to the real RabbitMQ and waits for its confirms', async () => {
    const connection = await amqpConnect(AMQP_URL);
    const channel = await connection.createChannel();
    const queue = `waymark-test-${unique()}`;
    await channel.assertQueue(queue, { exclusive: true, autoDelete: true });
    const got: { body: Record<string, unknown>; persistent: boolean; type: string }[] = [];
    await channel.consume(
      queue,
      (m) => {
        if (!m) return;
        got.push({
          body: JSON.parse(m.content.toString()),
          persistent: m.properties.deliveryMode === 2,
          type: m.properties.type,
        });
      },
      { noAck: true },
    );
    const uniqueId = `fw-amqp-${unique()}`;
    const device = await fx.h.device(uniqueId);
    // RabbitMQ's default exchange routes by queue name
    const fw = await target({ type: 'amqp', url: AMQP_URL, topic: queue });
    await fx.h.send([message(uniqueId, 0), message(uniqueId, 1)]);
    await until('two AMQP messages', () => (got.length >= 2 ? true : undefined));
    expect(got).toHaveLength(2);
    expect(got.every((m) => m.persistent && m.type === 'position')).toBe(true);
    expect(got.map((m) => (m.body.device as { uniqueId: string }).uniqueId)).toEqual([uniqueId, uniqueId]);
    expect(got[0]?.body.position).toMatchObject({ deviceId: device.id });
    await disable(fw.id);
    await connection.close();
  });

  it('adds entries to a Redis stream', async () => {
    const stream = `waymark-test:forward:${unique()}`;
    const redis = new Redis(REDIS_URL);
    const uniqueId = `fw-redis-${unique()}`;
    const device = await fx.h.device(uniqueId);
    const fw = await target({ type: 'redis', url: REDIS_URL, topic: stream });
    try {
      await fx.h.send([message(uniqueId, 0), message(uniqueId, 1)]);
      const entries = await until('two stream entries', async () => {
        const rows = await redis.xrange(stream, '-', '+');
        return rows.length >= 2 ? rows : undefined;
      });
      expect(entries).toHaveLength(2);
      for (const [, fields] of entries) {
        expect(fields[0]).toBe('type');
        expect(fields[1]).toBe('position');
        expect(fields[2]).toBe('data');
        expect(JSON.parse(fields[3] as string).device.id).toBe(device.id);
      }
    } finally {
      await disable(fw.id);
      await redis.del(stream);
      redis.disconnect();
    }
  });

  it('keeps a dead target’s messages, never holding up the pipeline, and retries with a growing back-off', async () => {
    let answer = 503;
    const hook = await receiver(() => answer);
    const uniqueId = `fw-dead-${unique()}`;
    const device = await fx.h.device(uniqueId);
    const fw = await target({ type: 'webhook', url: hook.url });
    await fx.h.send([message(uniqueId, 0)]);
    // 150 ms, then 300, then 600 between tries (one message, one request per try)
    await until('four tries', () => (hook.received.length >= 4 ? true : undefined));
    const started = Date.now();
    await fx.h.send([message(uniqueId, 1)]);
    // the pipeline only wrote the outbox: it did not wait for the target
    expect(Date.now() - started).toBeLessThan(1_000);
    const gaps = hook.received.slice(1, 4).map((r, i) => r.at - (hook.received[i] as Received).at);
    expect(gaps[0]).toBeGreaterThanOrEqual(140);
    expect(gaps[1]).toBeGreaterThanOrEqual(290);
    expect(gaps[2]).toBeGreaterThanOrEqual(590);
    const failing = await fx.h.t.ctx.db.forwarding.findUniqueOrThrow({ where: { id: fw.id } });
    expect(failing.failures).toBeGreaterThanOrEqual(3);
    expect(failing.lastError).toBe('the webhook answered 503');
    expect(failing.nextAttemptAt).not.toBeNull();
    expect(await outboxOf(fw.id)).toBe(2);
    // the target comes back: everything kept is delivered, in order
    answer = 200;
    await until('the outbox emptied', async () => ((await outboxOf(fw.id)) === 0 ? true : undefined));
    const delivered = hook.received.filter(
      (r) => r.body.position && (r.body.device as { id: number }).id === device.id,
    );
    expect(delivered.slice(-2).map((r) => (r.body.position as { fixTime: string }).fixTime)).toEqual([
      '2026-03-01T11:00:00.000Z',
      '2026-03-01T11:01:00.000Z',
    ]);
    const recovered = await fx.h.t.ctx.db.forwarding.findUniqueOrThrow({ where: { id: fw.id } });
    expect(recovered.failures).toBe(0);
    expect(recovered.nextAttemptAt).toBeNull();
    await disable(fw.id);
    await hook.close();
  });

  it('holds each outbox to its limit, dropping and counting the oldest', async () => {
    const uniqueId = `fw-full-${unique()}`;
    await fx.h.device(uniqueId);
    // nothing listens there: every delivery fails, and the back-off keeps the worker away meanwhile
    const fw = await target({ type: 'webhook', url: 'http://127.0.0.1:9/nowhere', queueLimit: 5 });
    await fx.h.send(Array.from({ length: 8 }, (_, i) => message(uniqueId, i)));
    const before = await fx.h.t.ctx.db.forwardingOutbox.findMany({
      where: { forwardingId: fw.id },
      orderBy: { id: 'asc' },
    });
    expect(before).toHaveLength(8);
    // no other target of this test overflows; rows a delivery holds are left alone, so this may take two rounds
    await until('the outbox trimmed', async () => {
      await trimOutboxes(fx.pool, log);
      return (await outboxOf(fw.id)) <= 5 ? true : undefined;
    });
    const after = await fx.h.t.ctx.db.forwardingOutbox.findMany({
      where: { forwardingId: fw.id },
      orderBy: { id: 'asc' },
    });
    expect(after.map((r) => r.id)).toEqual(before.slice(3).map((r) => r.id));
    const row = await fx.h.t.ctx.db.forwarding.findUniqueOrThrow({ where: { id: fw.id } });
    expect(row.dropped).toBe(3n);
    await disable(fw.id);
  });

  it('refuses a tenant’s target that points inside (loopback here), keeping its messages', async () => {
    const hook = await receiver();
    const uniqueId = `fw-inside-${unique()}`;
    const device = await fx.h.device(uniqueId);
    for (const [type, url] of [
      ['webhook', hook.url],
      ['redis', REDIS_URL],
    ] as const) {
      const fw = await target({ type, url, topic: `waymark-test:inside:${unique()}` });
      await fx.h.t.ctx.db.forwarding.update({ where: { id: fw.id }, data: { tenantId: device.tenantId } });
      forwardingTargets.forget();
      await fx.h.send([message(uniqueId, type === 'webhook' ? 0 : 1)]);
      const row = await until('the refusal', async () => {
        const r = await fx.h.t.ctx.db.forwarding.findUniqueOrThrow({ where: { id: fw.id } });
        return r.failures > 0 ? r : undefined;
      });
      expect(row.lastError).toMatch(/private, loopback, link-local or reserved address/);
      expect(await outboxOf(fw.id)).toBe(1);
      await disable(fw.id);
    }
    expect(hook.received).toHaveLength(0);
    await hook.close();
  });

  it('writes nothing to the outbox while no target is enabled', async () => {
    const uniqueId = `fw-none-${unique()}`;
    await fx.h.device(uniqueId);
    await fx.h.t.ctx.db.forwarding.updateMany({ data: { enabled: false } });
    forwardingTargets.forget();
    const before = await fx.h.t.ctx.db.forwardingOutbox.count();
    await fx.h.send([message(uniqueId, 0)]);
    expect(await fx.h.t.ctx.db.forwardingOutbox.count()).toBe(before);
  });

  it('queues the events stored outside the pipeline too: status changes, commands sent, inactivity', async () => {
    const uniqueId = `fw-events-${unique()}`;
    const device = await fx.h.device(uniqueId);
    const fw = await target({ type: 'webhook', url: 'http://127.0.0.1:9/nowhere', events: true });
    await fx.h.t.ctx.db.forwarding.update({ where: { id: fw.id }, data: { positions: false, nextAttemptAt: FAR } });
    await createStatusHandler(fx.h.t.ctx.db, fx.h.t.ctx.live, () => {})([
      {
        uniqueId,
        event: 'disconnected',
        protocol: 'osmand',
        transport: 'tcp',
        remoteAddress: '127.0.0.1:5000',
        time: new Date().toISOString(),
        nodeId: 'test',
      },
    ]);
    await fx.h.t.ctx.db.queuedCommand.create({
      data: { deviceId: device.id, tenantId: device.tenantId, type: 'engineStop', attributes: {} },
    });
    const bus = { sendCommand: async () => {} } as unknown as Bus;
    expect(await flushQueued(fx.h.t.ctx.db, bus, uniqueId, log)).toBe(1);
    await fx.h.t.ctx.db.device.update({
      where: { id: device.id },
      data: { lastUpdate: new Date(Date.now() - 7_200_000) },
    });
    const inactive = await sweepInactive(fx.h.t.ctx.db, 3_600_000);
    const events = await fx.h.t.ctx.db.event.findMany({ where: { deviceId: device.id }, orderBy: { id: 'asc' } });
    expect(events.map((e) => e.type)).toEqual(['deviceOffline', 'queuedCommandSent', 'deviceInactive']);
    expect(inactive.some((e) => e.deviceId === device.id)).toBe(true);
    const queued = await fx.h.t.ctx.db.forwardingOutbox.findMany({
      where: { forwardingId: fw.id },
      orderBy: { id: 'asc' },
    });
    // the other tests' devices have long been inactive too: their events are queued beside these
    expect(queued.map((r) => r.eventId)).toEqual(expect.arrayContaining(events.map((e) => e.id)));
    expect(queued.every((r) => r.positionId === null)).toBe(true);
    await disable(fw.id);
  });

  it('forwards the devices of a tenant’s sub-tenants (at any depth) to the tenant’s target, not a sibling’s', async () => {
    const db = fx.h.t.ctx.db;
    const root = await db.tenant.create({ data: { name: `fw-root-${unique()}` } });
    const child = await db.tenant.create({ data: { name: `fw-child-${unique()}`, parentTenantId: root.id } });
    const grandchild = await db.tenant.create({ data: { name: `fw-grand-${unique()}`, parentTenantId: child.id } });
    const sibling = await db.tenant.create({ data: { name: `fw-sibling-${unique()}` } });
    const names = { root, child, grandchild, sibling };
    const devices = Object.fromEntries(
      await Promise.all(
        Object.entries(names).map(async ([key, tenant]) => {
          const uniqueId = `fw-tree-${key}-${unique()}`;
          return [key, { uniqueId, ...(await fx.h.device(uniqueId, { tenantId: tenant.id, status: 'offline' })) }];
        }),
      ),
    ) as Record<keyof typeof names, { uniqueId: string; id: number }>;
    // a tenant's target at a loopback address is refused by this node (not allowed private): its rows stay queued
    const fw = await db.forwarding.create({
      data: { name: 'tree', type: 'webhook', url: 'http://127.0.0.1:9/tree', tenantId: root.id, events: true },
    });
    forwardingTargets.forget();
    for (const d of Object.values(devices)) await fx.h.send([message(d.uniqueId, 0), message(d.uniqueId, 1)]);
    const queued = await db.forwardingOutbox.findMany({ where: { forwardingId: fw.id } });
    const positions = await db.position.findMany({ where: { id: { in: queued.flatMap((r) => r.positionId ?? []) } } });
    const events = await db.event.findMany({ where: { id: { in: queued.flatMap((r) => r.eventId ?? []) } } });
    const covered = [devices.root.id, devices.child.id, devices.grandchild.id].sort();
    expect([...new Set(positions.map((p) => p.deviceId))].sort()).toEqual(covered);
    expect(positions).toHaveLength(6);
    // the pipeline's events (each device came online) follow the same tree
    expect(
      events
        .filter((e) => e.type === 'deviceOnline')
        .map((e) => e.deviceId)
        .sort(),
    ).toEqual(covered);
    await db.forwardingOutbox.deleteMany({ where: { forwardingId: fw.id } });
    await db.forwarding.delete({ where: { id: fw.id } });
    forwardingTargets.forget();
  });

  it('sweeps the outbox rows of a target deleted while they were written', async () => {
    // switched off: no worker loop of this node takes (and deletes) its rows first
    const gone = await fx.h.t.ctx.db.forwarding.create({
      data: { name: 'gone', type: 'webhook', url: 'http://127.0.0.1:9/gone', enabled: false },
    });
    await fx.h.t.ctx.db.forwarding.delete({ where: { id: gone.id } });
    await fx.h.t.ctx.db.forwardingOutbox.createMany({
      data: [1n, 2n].map((n) => ({ forwardingId: gone.id, positionId: n, fixTime: new Date() })),
    });
    expect(await sweepOrphans(fx.pool, log)).toBe(2);
    expect(await outboxOf(gone.id)).toBe(0);
  });

  it('doubles the back-off up to its cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, 1_000, 60_000))).toEqual([1_000, 2_000, 4_000, 8_000, 60_000]);
  });
});
