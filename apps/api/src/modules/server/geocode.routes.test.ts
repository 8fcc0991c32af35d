import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import type { GeocoderStandIn } from '../../testing/geocoder-stand-in';
import { NOMINATIM_EIFFEL, startGeocoderStandIn } from '../../testing/geocoder-stand-in';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
let standIn: GeocoderStandIn;
let admin: string;
let member: { id: number; authorization: string };

beforeAll(async () => {
  [t, standIn] = await Promise.all([createTestApp(), startGeocoderStandIn()]);
  const root = await buildUser(t.ctx.db, { administrator: true });
  admin = (await signIn(t.app, root.email)).authorization;
  const tenant = await buildTenant(t.ctx.db);
  // no permission at all: any signed-in user may ask for an address, as in Traccar
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [] });
  member = { id: user.id, authorization: (await signIn(t.app, user.email)).authorization };
});
afterAll(async () => {
  await standIn.close();
  await t.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.answer = () => ({ status: 200, body: NOMINATIM_EIFFEL });
});

const putServer = (attributes: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/server', headers: { authorization: admin }, payload: { attributes } });
const geocode = (query: string, authorization = member.authorization) =>
  t.app.inject({ method: 'GET', url: `/api/server/geocode?${query}`, headers: { authorization } });

describe('GET /api/server/geocode', () => {
  it('is off by default (503 with a message), and needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/server' })).json().geocoderEnabled).toBe(false);
    const off = await geocode('latitude=48.8584&longitude=2.2945');
    expect([off.statusCode, off.json().message]).toEqual([503, 'Reverse geocoding is not enabled']);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/server/geocode?latitude=1&longitude=2' });
    expect(anonymous.statusCode).toBe(401);
    expect(standIn.requests).toHaveLength(0);
  });

  it('answers the address as text once an administrator turns it on; the key is kept but never shown', async () => {
    const saved = await putServer({
      'geocoder.enable': true,
      'geocoder.type': 'nominatim',
      'geocoder.url': standIn.url,
      'geocoder.key': 'secret-key',
      'geocoder.rate': 50,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const server = (await t.app.inject({ method: 'GET', url: '/api/server' })).json();
    expect(server.geocoderEnabled).toBe(true);
    expect(server.attributes['geocoder.url']).toBe(standIn.url);
    expect(JSON.stringify(server)).not.toContain('secret-key');
    expect(JSON.stringify(saved.json())).not.toContain('secret-key');
    // the web app saves the attributes it read (without the key): the key stays
    expect((await putServer({ ...server.attributes, mapLiveRoutes: 'all' })).statusCode).toBe(200);

    const res = await geocode('latitude=48.85837&longitude=2.29448');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('5 Avenue Anatole France, Paris, Île-de-France, France, 75007');
    expect(standIn.requests.map((r) => [r.path, r.query.lat, r.query.lon, r.query.key])).toEqual([
      ['/reverse', '48.8584', '2.2945', 'secret-key'],
    ]);
    // the same place again: from the cache
    expect((await geocode('latitude=48.8584&longitude=2.2945')).body).toBe(res.body);
    expect(standIn.requests).toHaveLength(1);
  });

  it('refuses coordinates out of range (400) and bad geocoder settings', async () => {
    expect((await geocode('latitude=91&longitude=0')).statusCode).toBe(400);
    expect((await geocode('latitude=abc&longitude=0')).statusCode).toBe(400);
    expect((await putServer({ 'geocoder.type': 'bing' })).statusCode).toBe(400);
    expect((await putServer({ 'geocoder.url': 'ftp://example.test' })).statusCode).toBe(400);
  });

  it('answers 502 with a message when the provider fails or does not answer', async () => {
    await putServer({ 'geocoder.enable': true, 'geocoder.url': standIn.url, 'geocoder.rate': 50 });
    standIn.answer = () => ({ status: 500, body: {} });
    const failed = await geocode('latitude=10&longitude=10');
    expect([failed.statusCode, failed.json().message]).toEqual([
      502,
      'The geocoding service did not answer with an address',
    ]);
    standIn.answer = () => null;
    expect((await geocode('latitude=10.5&longitude=10')).statusCode).toBe(502);
  });

  it('limits each user (429 with Retry-After), not the others', async () => {
    await putServer({ 'geocoder.enable': true, 'geocoder.url': standIn.url, 'geocoder.rate': 50 });
    for (let i = 0; i < 60; i++) await t.ctx.limiter.hit(`geocode:${member.id}`, 60, 60_000);
    const limited = await geocode('latitude=20&longitude=20');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await geocode('latitude=20&longitude=20', admin)).statusCode).toBe(200);
  });
});
