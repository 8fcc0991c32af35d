import { tokensSchema } from '@waymark/contracts/session';
import type { z } from 'zod';
import { ApiError, CONNECTION_ERROR, isRefusal, messageOf } from './api-error';
import { clearAccessToken, getAccessToken, setAccessToken } from './token-storage';

export { ApiError, isApiError } from './api-error';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  method?: Method;
  /** JSON body; POST, PUT, PATCH and DELETE always send one (`{}` when omitted). */
  body?: unknown;
  /** Validates the response body; the result is typed after it. */
  schema?: S;
  /** On 401, refresh the access token once and retry (default true). Off for sign-in and refresh. */
  refreshOn401?: boolean;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

const REFRESH_PATH = '/api/session/refresh';
let refreshing: Promise<boolean> | null = null;

/**
 * JSON request to the API. Sends the stored access token as a Bearer header; on a 401 it tries one refresh
 * (POST /api/session/refresh with the HttpOnly cookie) and retries. Failures throw an ApiError carrying the
 * server's message.
 */
export async function http<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const { refreshOn401 = true } = options;
  let response = await send(path, options);
  if (response.status === 401 && refreshOn401 && path !== REFRESH_PATH && (await refreshAccessToken())) {
    response = await send(path, options);
  }
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, messageOf(body, response.status, response.statusText), body);
  if (!options.schema) return body as Result<S>;
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected response from ${path}`, parsed.error.issues);
    throw new ApiError(response.status, `Unexpected response from ${path}`, body);
  }
  return parsed.data as Result<S>;
}

/**
 * Exchanges the refresh cookie for a new access token and stores it. Concurrent callers share one request.
 * Resolves false when it fails, and forgets the stale token when the server refused.
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= http(REFRESH_PATH, { method: 'POST', schema: tokensSchema, credentials: 'include' })
    .then((tokens) => {
      setAccessToken(tokens.accessToken);
      return true;
    })
    .catch((error: unknown) => {
      // a refusal ends the session here too; a server or connection error leaves the token for the next try
      if (isRefusal(error)) clearAccessToken();
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function send(path: string, options: RequestOptions<z.ZodType | undefined>): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  try {
    return await fetch(path, {
      method,
      headers,
      body,
      credentials: options.credentials ?? 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, CONNECTION_ERROR);
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
