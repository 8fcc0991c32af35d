import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('serves the OpenAPI document generated from the contracts, without signing in', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.openapi).toMatch(/^3\./);
  expect(doc.info.title).toBe('Waymark API');
  // every /api route of the route table is documented (path parameters in OpenAPI's {id} form) but the
  // websocket upgrades, which OpenAPI cannot describe (docs/api.md does)
  const documented = new Set(
    Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    ),
  );
  const missing = t.app.routeTable
    .filter((r) => !r.url.includes('*') && !/\/socket$/.test(r.url))
    .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
    .filter((call) => !documented.has(call));
  expect(missing).toEqual([]);
  // request bodies and responses come from the zod contracts
  const signIn = doc.paths['/api/devices'].post;
  expect(signIn.requestBody.content['application/json'].schema.properties.uniqueId).toBeDefined();
  expect(doc.paths['/api/devices'].get.responses['200'].content['application/json'].schema.type).toBe('array');
  expect(doc.components.securitySchemes.basic).toMatchObject({ type: 'http', scheme: 'basic' });
});

it('serves the browsable documentation at /api/docs', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  const page =
    res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: res.headers.location as string }) : res;
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.body).toContain('swagger');
});

it('states the error statuses of each operation, and that public operations need no credentials', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const codes = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).sort();
  expect(codes('/api/devices/{id}', 'put')).toEqual(['200', '400', '401', '403', '404', '413', '429']);
  expect(codes('/api/devices', 'get')).toEqual(['200', '400', '401', '403', '429']);
  expect(doc.paths['/api/devices/{id}'].get.responses['404'].content['application/json'].schema.required).toEqual([
    'message',
  ]);
  expect(doc.paths['/api/health'].get.security).toEqual([]);
  expect(doc.paths['/api/server'].get.security).toEqual([]);
  expect(codes('/api/health', 'get')).not.toContain('401');
  expect(doc.paths['/api/devices'].get.security).toBeUndefined();
  expect(doc.security).toEqual([{ bearer: [] }, { basic: [] }, { cookie: [] }]);
});
