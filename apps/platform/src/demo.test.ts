import { createPool } from '@waymark/api/pipeline/pg-pool';
import type { Processing } from '@waymark/api/pipeline/processing';
import { startProcessing } from '@waymark/api/pipeline/processing';
import { buildTenant, buildUser, PASSWORD } from '@waymark/api/testing/factories';
import type { TestApp } from '@waymark/api/testing/test-app';
import { createTestApp } from '@waymark/api/testing/test-app';
import type { Bus } from '@waymark/bus/bus';
import { createBus } from '@waymark/bus/create-bus';
import type { Ingest } from '@waymark/ingest/ingest';
import { startIngest } from '@waymark/ingest/ingest';
import { registeredProtocols } from '@waymark/ingest/protocols/registry';
import { registerDevices } from '@waymark/ingest/simulator/register-devices';
import { numberedDevices } from '@waymark/ingest/simulator/simulation';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from './demo';
import { DEMO_DEVICES, DEMO_EMAIL, DEMO_TENANT_NAME, ensureDemoFleet, startDemo } from './demo';

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('start --demo', () => {
  let t: TestApp;
  let bus: Bus;
  let ingest: Ingest;
  let processing: Processing;
  let pool: ReturnType<typeof createPool>;
  let demo: Demo | undefined;
  const protocols = ['osmand', 'gt06', 'teltonika'].filter((p) => registeredProtocols().includes(p));

  beforeAll(async () => {
    t = await createTestApp();
    const log = pino({ level: 'silent' });
    bus = createBus({ nodeId: 'demo-test', logger: log });
    t.ctx.bus = bus;
    pool = createPool(t.databaseUrl, 2);
    processing = startProcessing(t.ctx, bus, pool, { batchSize: 100 });
    ingest = await startIngest({
      bus,
      nodeId: 'demo-ingest',
      logger: log,
      protocols,
      portOverrides: Object.fromEntries(protocols.map((p) => [p, 0])),
      host: '127.0.0.1',
    });
  });

  afterAll(async () => {
    await demo?.stop();
    await ingest?.close();
    await processing?.close();
    await bus?.close();
    await pool?.end();
    await t?.close();
  });

  it('creates the demo tenant, user and ~25 devices once, and its simulated fleet reaches the database', async () => {
    const lines: string[] = [];
    demo = await startDemo(t.ctx.db, { listening: ingest.listening, rate: 5, say: (l) => lines.push(l) });
    // the demo platform's two owners (printed once), then the fleet
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^demo platform: reseller@waymark\.local \/ password \S+ \(shown this once\)$/);
    expect(lines[1]).toMatch(/^demo platform: harbor@waymark\.local \/ password /);
    lines.splice(0, 2);
    const password = demo.fleet.credentials?.password as string;
    expect(password).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
    expect(lines[0]).toContain(`demo fleet running: ${DEMO_DEVICES.length} simulated devices`);
    expect(lines[0]).toContain(`sign in as ${DEMO_EMAIL} / password ${password}`);
    if (protocols.includes('gt06')) expect(lines[0]).toMatch(/\d+ gt06/);

    const devices = await t.ctx.db.device.findMany({ where: { tenantId: demo.fleet.tenantId } });
    expect(devices).toHaveLength(DEMO_DEVICES.length);
    expect(DEMO_DEVICES.length).toBeGreaterThanOrEqual(20);
    const categories = new Set(devices.map((d) => d.category));
    for (const c of ['car', 'truck', 'van', 'bus', 'motorcycle', 'animal', 'person']) expect(categories).toContain(c);
    const tenant = await t.ctx.db.tenant.findUniqueOrThrow({ where: { id: demo.fleet.tenantId } });
    expect(tenant).toMatchObject({ name: DEMO_TENANT_NAME, userId: demo.fleet.userId });
    expect(devices.every((d) => d.groupId === tenant.tenantGroupId && d.stockStatus === 'ASSIGNED')).toBe(true);

    // Every device's positions are stored (the pipeline drops positions of unknown devices).
    await waitFor(
      async () =>
        (await t.ctx.db.device.count({ where: { tenantId: tenant.id, positionId: { not: null } } })) ===
        DEMO_DEVICES.length,
      'a stored position of every demo device',
    );

    // The demo user signs in with the printed password and sees the fleet moving.
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: DEMO_EMAIL, password },
    });
    expect(session.statusCode).toBe(200);
    const authorization = `Bearer ${session.json().accessToken}`;
    const listed = await t.app.inject({ url: '/api/devices', headers: { authorization } });
    expect(listed.json()).toHaveLength(DEMO_DEVICES.length);
    const positions = await t.app.inject({ url: '/api/positions', headers: { authorization } });
    const latest = positions.json() as { latitude: number; longitude: number }[];
    expect(latest.length).toBe(DEMO_DEVICES.length);
    expect(latest.every((p) => Math.abs(p.latitude - 48.8566) < 0.2 && Math.abs(p.longitude - 2.3522) < 0.2)).toBe(
      true,
    );

    await demo.stop();
    const stats = demo.simulation.stats();
    expect(stats).toMatchObject({ errors: 0, connected: 0 });
    expect(stats.positions).toBeGreaterThanOrEqual(25);

    // Again (a later start): nothing new, no credentials; a deleted demo device comes back.
    await t.ctx.db.device.delete({ where: { uniqueId: DEMO_DEVICES[0]?.uniqueId } });
    const again = await ensureDemoFleet(t.ctx.db);
    expect(again).toMatchObject({ tenantId: tenant.id, userId: demo.fleet.userId, created: 1, credentials: null });
    expect(await t.ctx.db.tenant.count({ where: { name: DEMO_TENANT_NAME } })).toBe(1);
    expect(await t.ctx.db.user.count({ where: { email: DEMO_EMAIL } })).toBe(1);
  }, 60_000);

  it('simulate --register creates the devices through the API, once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const api = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, {
      tenantId: tenant.id,
      permissions: ['VIEW_DEVICES', 'ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS'],
    });
    const devices = numberedDevices(3, 'osmand', '3519');
    const first = await registerDevices({ api, email: user.email, password: PASSWORD, devices });
    expect(first).toEqual({ created: 3, existing: 0 });
    const rows = await t.ctx.db.device.findMany({ where: { tenantId: tenant.id }, orderBy: { uniqueId: 'asc' } });
    expect(rows.map((r) => [r.uniqueId, r.name, r.category])).toEqual(
      devices.map((d) => [d.uniqueId, d.name, d.category]),
    );
    expect(await registerDevices({ api, email: user.email, password: PASSWORD, devices })).toEqual({
      created: 0,
      existing: 3,
    });
    await expect(registerDevices({ api, email: user.email, password: 'wrong-password', devices })).rejects.toThrow(
      /sign-in .* failed: HTTP 401/,
    );
  });
});
