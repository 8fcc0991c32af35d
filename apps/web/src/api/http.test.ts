import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../test/fetch-stub';
import { tokens } from '../test/fixtures';
import { ApiError, http } from './http';
import { getAccessToken } from './token-storage';

describe('http', () => {
  it('sends JSON with the Bearer token and returns the parsed body', async () => {
    localStorage.setItem('access_token', 'abc');
    const fetchMock = stubFetch({
      'POST /api/things': ({ headers }) => json(200, { auth: headers.get('authorization') }),
    });
    await expect(http('/api/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ auth: 'Bearer abc' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(bodiesOf(fetchMock, 'POST /api/things')).toEqual([{ a: 1 }]);
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    localStorage.setItem('access_token', 'expired');
    const fetchMock = stubFetch({
      'GET /api/session': ({ headers }) =>
        headers.get('authorization') === 'Bearer access-1'
          ? json(200, { ok: true })
          : json(401, { message: 'Not signed in' }),
      'POST /api/session/refresh': () => json(200, tokens),
    });
    await expect(http('/api/session')).resolves.toEqual({ ok: true });
    expect(getAccessToken()).toBe('access-1');
    expect(bodiesOf(fetchMock, 'POST /api/session/refresh')).toEqual([{}]);
    const refreshInit = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/refresh'))?.[1];
    expect(refreshInit?.credentials).toBe('include');
  });

  it('throws the server message and forgets the token when the refresh is refused', async () => {
    localStorage.setItem('access_token', 'expired');
    const fetchMock = stubFetch({
      'GET /api/session': () => json(401, { message: 'Not signed in' }),
      'POST /api/session/refresh': () => json(401, { message: 'Not signed in' }),
    });
    const error = await http('/api/session').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Not signed in' });
    expect(getAccessToken()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the token when the refresh fails on a server error (the user is still signed in)', async () => {
    localStorage.setItem('access_token', 'expired');
    stubFetch({
      'GET /api/session': () => json(401, { message: 'Not signed in' }),
      'POST /api/session/refresh': () => json(503, { message: 'Unavailable' }),
    });
    await expect(http('/api/session')).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBe('expired');
  });

  it('does not refresh when told not to', async () => {
    const fetchMock = stubFetch({
      'POST /api/session': () => json(401, { message: 'Incorrect email address or password' }),
    });
    await expect(http('/api/session', { method: 'POST', refreshOn401: false })).rejects.toMatchObject({
      message: 'Incorrect email address or password',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports an unreachable server as a connection error', async () => {
    stubFetch({ 'GET /api/server': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(http('/api/server')).rejects.toMatchObject({ status: 0, message: 'Connection error' });
  });

  it('returns undefined for 204', async () => {
    stubFetch({ 'DELETE /api/session': () => new Response(null, { status: 204 }) });
    await expect(http('/api/session', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
