import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { createPool } from '../pipeline/pg-pool';
import { message } from '../testing/pipeline-harness';
import {
  disable,
  fx,
  log,
  MQTT_URL,
  outboxOf,
  receiver,
  target,
  unique,
  until,
  useForwardingHarness,
} from './forwarding.test-kit';
import { startForwarding } from './worker';

// The outbox's delivery guarantees: two nodes sharing a target, exactly once and in order over batches in
// flight, and a node that dies before its COMMIT.
useForwardingHarness();

describe('forwarding delivery guarantees', () => {
  it('shares a busy target between two nodes without sending a message twice', async () => {
    const hook = await receiver();
    // a second node: its own fx.pool and worker on the same database
    const otherPool = createPool(fx.h.t.databaseUrl, 3);
    const other = startForwarding(otherPool, log, { pollMs: 20, reconcileMs: 100, batchSize: 7 });
    try {
      const uniqueId = `fw-nodes-${unique()}`;
      const device = await fx.h.device(uniqueId);
      const fw = await target({ type: 'webhook', url: hook.url });
      for (let i = 0; i < 6; i++) await fx.h.send(Array.from({ length: 20 }, (_, j) => message(uniqueId, i * 20 + j)));
      await until('the outbox emptied', async () => ((await outboxOf(fw.id)) === 0 ? true : undefined));
      const times = hook.received
        .filter((r) => (r.body.device as { id: number }).id === device.id)
        .map((r) => (r.body.position as { fixTime: string }).fixTime);
      expect(times).toHaveLength(120);
      expect(new Set(times).size).toBe(120);
      expect((await fx.h.t.ctx.db.forwarding.findUniqueOrThrow({ where: { id: fw.id } })).delivered).toBe(120n);
      await disable(fw.id);
    } finally {
      await other.close();
      await otherPool.end();
      await hook.close();
    }
  });

  it('delivers more than a claim holds exactly once, each device’s positions in id order, over several batches in flight', async () => {
    const topic = `waymark-test/${unique()}`;
    const subscriber = await mqtt.connectAsync(MQTT_URL);
    const got: { deviceId: number; id: number }[] = [];
    subscriber.on('message', (_, payload) => {
      const body = JSON.parse(payload.toString()) as { position: { id: number; deviceId: number } };
      got.push({ deviceId: body.position.deviceId, id: body.position.id });
    });
    await subscriber.subscribeAsync(topic, { qos: 1 });
    const ids = [`fw-order-a-${unique()}`, `fw-order-b-${unique()}`, `fw-order-c-${unique()}`];
    const devices = await Promise.all(ids.map((id) => fx.h.device(id)));
    const fw = await target({ type: 'mqtt', url: MQTT_URL, topic });
    // 3 devices × 40 positions, interleaved: 120 rows, 24 claims of 5
    for (let i = 0; i < 4; i++) {
      await fx.h.send(ids.flatMap((id) => Array.from({ length: 10 }, (_, j) => message(id, i * 10 + j))));
    }
    await until('the outbox emptied', async () => ((await outboxOf(fw.id)) === 0 ? true : undefined));
    await until('120 messages', () => (got.length >= 120 ? true : undefined));
    await new Promise((r) => setTimeout(r, 200)); // a duplicate would have arrived by now
    expect(got).toHaveLength(120);
    for (const device of devices) {
      const stored = await fx.h.t.ctx.db.position.findMany({ where: { deviceId: device.id }, orderBy: { id: 'asc' } });
      expect(stored).toHaveLength(40);
      expect(got.filter((m) => m.deviceId === device.id).map((m) => m.id)).toEqual(stored.map((p) => Number(p.id)));
    }
    expect((await fx.h.t.ctx.db.forwarding.findUniqueOrThrow({ where: { id: fw.id } })).delivered).toBe(120n);
    await disable(fw.id);
    await subscriber.endAsync();
  });

  it('sends a batch again when its node dies before the COMMIT (the claimed rows come back)', async () => {
    let holding = true;
    const hook = await receiver(
      () => 200,
      () => holding,
    );
    const uniqueId = `fw-crash-${unique()}`;
    const device = await fx.h.device(uniqueId);
    const fw = await target({ type: 'webhook', url: hook.url });
    await fx.h.send(Array.from({ length: 12 }, (_, j) => message(uniqueId, j)));
    const mine = () => hook.received.filter((r) => (r.body.device as { id: number }).id === device.id);
    // the first claims are sent and wait for answers, their rows deleted in open transactions
    await until('a batch in flight', () => (mine().length >= 5 ? true : undefined));
    // the node "dies": its connections are cut while the transactions are open
    const { rows: killed } = await fx.h.pool.query<{ pid: number }>(
      `SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle in transaction'
          AND backend_xid IS NOT NULL`,
    );
    expect(killed.length).toBeGreaterThan(0);
    // every row is back: none was committed as delivered
    expect(await outboxOf(fw.id)).toBe(12);
    const before = mine().length;
    holding = false;
    await until('the outbox emptied', async () => ((await outboxOf(fw.id)) === 0 ? true : undefined));
    const times = mine().map((r) => (r.body.position as { fixTime: string }).fixTime);
    // the interrupted batch was sent twice (at least once), everything else once, nothing lost
    expect(new Set(times).size).toBe(12);
    expect(times.length).toBe(12 + before);
    expect((await fx.h.t.ctx.db.forwarding.findUniqueOrThrow({ where: { id: fw.id } })).delivered).toBe(12n);
    await disable(fw.id);
    await hook.close();
  });
});
