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
 * PostgreSQL's answers that mean the input, not the server, was wrong, with what to tell the client: a number
 * out of its column's range, a NUL character in text or JSON, a time out of range. The contracts refuse these
 * before a query runs; this mapping is the safety net for a field a contract does not bound yet.
 */
const BAD_INPUT_CODES: Record<string, string> = {
  '22003': 'A number is out of range',
  P2020: 'A number is out of range',
  '22021': 'Text must not contain the NUL character',
  '22P05': 'Text must not contain the NUL character',
  '22008': 'A date or time is out of range',
  '22007': 'A date or time is not valid',
};

/** The SQLSTATE or Prisma code of a database error, looked for in the error and the causes it wraps. */
function badInputMessage(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const e = current as { code?: unknown; originalCode?: unknown; meta?: unknown; cause?: unknown };
    for (const code of [e.originalCode, e.code]) {
      if (typeof code === 'string' && BAD_INPUT_CODES[code]) return BAD_INPUT_CODES[code];
    }
    const meta = e.meta as { driverAdapterError?: unknown } | undefined;
    current = meta?.driverAdapterError ?? e.cause;
  }
  return undefined;
}

/** Errors thrown on input that no contract bounded: an invalid Date given to Prisma, JSON nested too deep. */
function unboundedInputMessage(error: Error): string | undefined {
  if (error.name === 'PrismaClientValidationError' && error.message.includes('Provided Date object is invalid')) {
    return 'A date or time is not valid';
  }
  if (error instanceof RangeError && error.message.includes('Maximum call stack size exceeded')) {
    return 'The input is nested too deeply';
  }
  return undefined;
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
    const badInput = badInputMessage(error) ?? unboundedInputMessage(error);
    if (badInput) {
      req.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send({ message: badInput });
    }
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
