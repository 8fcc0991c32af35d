import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    WAYMARK_PUBLIC_URL: 'https://app.example.test',
    WAYMARK_TRACKER_HOST: 'trackers.example.test',
    WAYMARK_PROTOCOLS: 'osmand,gt06',
    WAYMARK_PORT_GT06: '6023',
  });
  const maker = await t.ctx.db.manufacturer.create({ data: { name: 'Concox onboarding' } });
  await t.ctx.db.deviceModel.createMany({
    data: [
      { name: 'GT06N onboarding', protocol: 'gt06', port: 5023, manufacturerId: maker.id },
      { name: 'FMB920 onboarding', protocol: 'teltonika', port: 5027 },
    ],
  });
});
afterAll(() => t.close());

describe('GET /api/v2/onboarding', () => {
  it('gives a tenant user who may add devices the tracker host, the configured ports and the served models', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICE_DETAILS'] });
    const { authorization } = await signIn(t.app, user.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/onboarding', headers: { authorization } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    expect(body.trackerHost).toBe('trackers.example.test');
    expect(body.listeners).toEqual([
      { protocol: 'osmand', port: 5055, transports: ['http'] },
      { protocol: 'gt06', port: 6023, transports: ['tcp'] },
    ]);
    // teltonika is not listened for: its model is left out
    expect(body.models).toEqual([
      { name: 'GT06N onboarding', manufacturerName: 'Concox onboarding', protocol: 'gt06' },
    ]);
  });

  it('refuses a user who may only look at devices', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const viewer = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES'] });
    const { authorization } = await signIn(t.app, viewer.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/onboarding', headers: { authorization } });
    expect(res.statusCode).toBe(403);
  });
});
