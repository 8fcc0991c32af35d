import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Env } from '../../env';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

const INLINE = "document.documentElement.dataset.x = '1';";
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  t = await createTestApp();
  webDir = mkdtempSync(join(tmpdir(), 'waymark-web-'));
  writeFileSync(
    join(webDir, 'index.html'),
    `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/a.js"></script></head><body></body></html>`,
  );
});

afterAll(async () => {
  await t?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

async function appWith(env: Partial<Env> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ ...t.ctx, env: { ...t.ctx.env, ...env } }, { logger: false, webDir });
  await app.ready();
  return app;
}

/** The policy's directives by name. */
function directives(csp: unknown): Map<string, string> {
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it('are on API responses and the web app, with a policy allowing its own code, inline styles and tiles', async () => {
    const app = await appWith();
    try {
      for (const url of ['/api/server', '/', '/devices/3']) {
        const res = await app.inject({ method: 'GET', url, headers: { host: 'track.example:8082' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['strict-transport-security']).toBeUndefined();
        const csp = directives(res.headers['content-security-policy']);
        expect(csp.get('default-src')).toBe("'self'");
        expect(csp.get('frame-ancestors')).toBe("'none'");
        expect(csp.get('object-src')).toBe("'none'");
        expect(csp.get('base-uri')).toBe("'self'");
        expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
        expect(csp.get('img-src')).toBe("'self' data: blob: https:");
        expect(csp.get('connect-src')).toBe("'self' ws://track.example:8082 wss://track.example:8082");
        // the page's one inline script by its hash, no other inline code
        const hash = createHash('sha256').update(INLINE).digest('base64');
        expect(csp.get('script-src')).toBe(`'self' 'sha256-${hash}'`);
      }
    } finally {
      await app.close();
    }
  });

  it('leave a Host header that could inject a directive out of the policy', async () => {
    const app = await appWith();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/server', headers: { host: 'a; script-src *' } });
      expect(directives(res.headers['content-security-policy']).get('connect-src')).toBe("'self'");
    } finally {
      await app.close();
    }
  });

  it('keep the API documentation browsable under its own policy', async () => {
    const app = await appWith();
    try {
      const page = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      const csp = directives(page.headers['content-security-policy']);
      // the documentation UI's own policy: its scripts and styles from this server, no inline scripts
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      const script = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
      expect(script.statusCode).toBe(200);
      const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(doc.statusCode).toBe(200);
      expect(doc.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
    }
  });

  it('add HSTS only for https: a public https URL, or https from a trusted proxy', async () => {
    const direct = await appWith();
    const behindProxy = await appWith({ WAYMARK_TRUST_PROXY: ['10.0.0.0/8'] });
    const httpsPublic = await appWith({ WAYMARK_PUBLIC_URL: 'https://track.example' });
    try {
      const get = (app: FastifyInstance, remoteAddress: string) =>
        app.inject({ method: 'GET', url: '/api/server', remoteAddress, headers: { 'x-forwarded-proto': 'https' } });
      // a client cannot claim https when no proxy is trusted
      expect((await get(direct, '10.1.2.3')).headers['strict-transport-security']).toBeUndefined();
      expect((await get(behindProxy, '198.51.100.7')).headers['strict-transport-security']).toBeUndefined();
      expect((await get(behindProxy, '10.1.2.3')).headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const res = await httpsPublic.inject({ method: 'GET', url: '/api/server' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await Promise.all([direct.close(), behindProxy.close(), httpsPublic.close()]);
    }
  });
});
