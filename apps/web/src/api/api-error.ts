/** Message used when the server cannot be reached at all. */
export const CONNECTION_ERROR = 'Connection error';

/** A failed API call. `message` is the server's `message` field when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    /** The parsed response body (JSON or text), for callers that need more than the message. */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The server refused the request (a 4xx): final, not worth repeating — unlike a server or connection error, after
 * which a query is tried again and a signed-in user stays signed in.
 */
export function isRefusal(error: unknown): error is ApiError {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

/** The server's `message`, else a fallback naming the status. */
export function messageOf(body: unknown, status: number, statusText: string): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  if (typeof body === 'string' && body.trim() && body.length < 300 && !body.trimStart().startsWith('<')) {
    return body.trim();
  }
  return statusText ? `${status} ${statusText}` : `Request failed with status ${status}`;
}
