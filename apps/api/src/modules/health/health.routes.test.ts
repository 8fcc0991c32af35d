import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers without credentials once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', version: t.ctx.version });
    // Traccar's shape for clients that do not ask for JSON
    const text = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toBe('OK');
  });
});
