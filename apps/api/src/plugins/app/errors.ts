import { messages } from '@waymark/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-error';

interface PrismaLikeError {
  code?: string;
  name?: string;
}

/**
 * Every error leaves as `{ message }` (plus `details` for invalid input): 400 invalid, 401, 403, 404 for a
 * foreign or missing row, 409 conflicts, 429; a 500 never carries a stack trace.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & PrismaLikeError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: [error.validationContext, v.instancePath.replace(/^\//, '').replace(/\//g, '.')]
          .filter(Boolean)
          .join('.'),
        message: v.message ?? 'invalid',
      }));
      return reply.status(400).send({ message: messages.invalidParameters, details });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, ...error.extra });
    }
    if (error.code === 'P2025') return reply.status(404).send({ message: messages.notFound });
    if (error.code === 'P2002') return reply.status(409).send({ message: 'Already exists' });
    if (error.code === 'P2003') return reply.status(409).send({ message: 'The item is still in use' });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.validation ? messages.invalidParameters : error.message;
      return reply.status(status).send({ message });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });
});
