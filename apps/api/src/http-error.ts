import { messages } from '@waymark/contracts/errors';

/** An error with the HTTP status and the message the client sees. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string = messages.invalidParameters) => new HttpError(400, message);
export const unauthorized = (message: string = messages.notSignedIn) => new HttpError(401, message);
export const forbidden = (message: string = messages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = messages.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (retryAfterMs: number) =>
  new HttpError(429, messages.tooManyAttempts, {}, { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) });
