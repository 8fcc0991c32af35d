import { vi } from 'vitest';

export type Handler = (request: { body: unknown; headers: Headers; url: URL }) => Response | Promise<Response>;

/** A JSON response as the API sends it. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * Replaces global fetch with `handlers`, keyed 'METHOD /path' (query string ignored). A handler given as a list
 * answers successive calls in order (the last one repeats). Unknown requests answer 404.
 */
export function stubFetch(handlers: Record<string, Handler | Handler[]>) {
  const calls = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const entry = handlers[key];
    if (!entry) return json(404, { message: `No stub for ${key}` });
    const count = calls.get(key) ?? 0;
    calls.set(key, count + 1);
    const handler = Array.isArray(entry) ? (entry[Math.min(count, entry.length - 1)] as Handler) : entry;
    const body = typeof init.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
    return handler({ body, headers: new Headers(init.headers), url });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The request bodies sent to 'METHOD /path' so far. */
export function bodiesOf(fetchMock: ReturnType<typeof stubFetch>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
    )
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}
