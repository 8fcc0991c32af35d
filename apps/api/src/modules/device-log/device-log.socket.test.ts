import type { RawLogFrame } from '@waymark/bus/device-log/device-log-store';
import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const record = (uniqueId: string, data: string): RawLogFrame => ({
  at: Date.now(),
  direction: 'in',
  protocol: 'h02',
  transport: 'tcp',
  remoteAddress: '10.0.0.9:7000',
  uniqueId,
  bytes: Buffer.from(data, 'latin1'),
  size: data.length,
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

/** A signed-in user of a new tenant with one device, and its socket (open, first frame received). */
async function watcher(permissions: Permission[]) {
  const tenant = await buildTenant(t.ctx.db);
  const device = await t.ctx.db.device.create({
    data: { name: 'Van', uniqueId: `live-log-${tenant.id}`, tenantId: tenant.id },
  });
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions });
  const { body } = await signIn(t.app, user.email);
  const { port } = t.app.server.address() as { port: number };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/socket?token=${encodeURIComponent(body.accessToken)}`);
  const frames: Record<string, unknown>[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('message', () => resolve());
  });
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
  const logs = () => frames.filter((f) => 'logs' in f).flatMap((f) => f.logs as Record<string, unknown>[]);
  return { device, ws, logs };
}

describe('/api/socket live log', () => {
  it('sends {"logs"} frames of its own devices after {"logs": true}, none after {"logs": false}', async () => {
    const a = await watcher(['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS']);
    const b = await watcher(['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS']);
    // before asking: nothing
    t.ctx.deviceLog?.append([record(a.device.uniqueId, 'early')]);
    a.ws.send(JSON.stringify({ logs: true }));
    await sleep(200);
    t.ctx.deviceLog?.append([record(b.device.uniqueId, 'theirs'), record(a.device.uniqueId, '*HQ,1,V1#')]);
    await waitFor(() => a.logs().length >= 1);
    expect(a.logs()).toEqual([
      expect.objectContaining({
        deviceId: a.device.id,
        uniqueId: a.device.uniqueId,
        protocol: 'h02',
        data: '*HQ,1,V1#',
        direction: 'in',
      }),
    ]);
    expect(b.logs()).toEqual([]);

    a.ws.send(JSON.stringify({ logs: false }));
    await sleep(200);
    t.ctx.deviceLog?.append([record(a.device.uniqueId, 'after')]);
    await sleep(200);
    expect(a.logs()).toHaveLength(1);
    a.ws.close();
    b.ws.close();
  });

  it('sends no log to a socket whose user may not read device logs, and ignores other messages', async () => {
    const viewer = await watcher(['VIEW_DEVICES']);
    viewer.ws.send('not json');
    viewer.ws.send(JSON.stringify({ logs: 'yes' }));
    viewer.ws.send(JSON.stringify({ logs: true }));
    await sleep(200);
    t.ctx.deviceLog?.append([record(viewer.device.uniqueId, 'hidden')]);
    await sleep(200);
    expect(viewer.logs()).toEqual([]);
    expect(viewer.ws.readyState).toBe(WebSocket.OPEN);
    viewer.ws.close();
  });
});
