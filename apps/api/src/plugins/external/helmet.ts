import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context';

/** Browsers remember "https only" for a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** A Host header that can be written into a policy: a host name or address with an optional port, nothing else. */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The 'sha256-…' source of each inline script in the built index.html (the colour scheme applied before the
 * first paint), so that the page's own inline code runs and no other inline code does.
 */
export function inlineScriptHashes(webDir: string | undefined): string[] {
  const file = webDir ? join(webDir, 'index.html') : undefined;
  if (!file || !existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** ws: and wss: of the host the page was loaded from (the live socket); older browsers do not count them in 'self'. */
function socketSources(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * Security headers on every response: a content security policy the web app passes (its own scripts, inline
 * styles for the UI and map libraries, map tiles from any https tile server, API calls and the live socket to
 * its own host, never framed), no MIME sniffing, a referrer only to the same origin in full, and HSTS when the
 * request came over https — the public URL is https, or a trusted proxy says so. The API documentation's pages
 * keep the policy their UI sets for its own inline code.
 */
export const helmetPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext; webDir?: string }) => {
  const httpsOnly = (opts.ctx.env.WAYMARK_PUBLIC_URL ?? '').startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(opts.webDir)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", (req) => socketSources(req)],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    // the policy's frame-ancestors already forbids framing; the old header is kept for browsers without it
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // set below, only for https requests
    strictTransportSecurity: false,
    // the SPA opens no popups that need another origin's opener, and map tiles are loaded cross-origin
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (req, reply) => {
    if (httpsOnly || req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
});
