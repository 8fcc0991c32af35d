import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@waymark/contracts/errors';
import type { FastifyInstance } from 'fastify';

/** a share link's id (POST /api/share/device); API tokens, which Traccar also passes as `?token=`, are JWTs */
const SHARE_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The built web app, when `webDir` holds one: its files, and index.html for any other GET outside /api (the
 * app's own client-side routes). Everything else unknown is the API's 404.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const serveWeb = Boolean(webDir && existsSync(join(webDir, 'index.html')));
  if (serveWeb)
    await app.register(fastifyStatic, { root: webDir as string, wildcard: false, maxAge: '1h', index: false });
  app.setNotFoundHandler((req, reply) => {
    // a share link as Traccar's clients make it, `<server>/?token=<token>`: the shared device's page
    const token = (req.query as { token?: unknown } | undefined)?.token;
    if (req.method === 'GET' && req.url.split('?')[0] === '/' && typeof token === 'string' && SHARE_TOKEN.test(token)) {
      return reply.redirect(`/devices/share/${token}`);
    }
    if (serveWeb && req.method === 'GET' && !req.url.startsWith('/api')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: messages.notFound });
  });
}
