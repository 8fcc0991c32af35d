import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Traccar answers a few calls with plain text (POST /api/share/device the token, POST /api/users/totp the secret,
 * GET /api/health a word) and its clients read the body as text. Our web app asks for JSON (`Accept:
 * application/json`) and gets the fuller object; any other client gets Traccar's text.
 */
export function textOrJson<T>(req: FastifyRequest, reply: FastifyReply, text: string, json: T): T | string {
  if ((req.headers.accept ?? '').includes('application/json')) return json;
  reply.type('text/plain; charset=utf-8');
  return text;
}
