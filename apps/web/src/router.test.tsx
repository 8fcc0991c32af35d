import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from './test/fetch-stub';
import { acceptCookies, aServer, aUser, tokens } from './test/fixtures';
import { renderRoutes } from './test/render';

const signedInApi = (permissions: string[] = []) => ({
  'GET /api/server': () => json(200, aServer()),
  'GET /api/session': () => json(200, aUser({ name: 'Grace Hopper', permissions: permissions as never })),
});

describe('routes and session check', () => {
  it('sends / to /home and, without a token, on to /login', async () => {
    acceptCookies();
    stubFetch({ 'GET /api/server': () => json(200, aServer()) });
    const { router } = renderRoutes('/');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('removes the token and asks for consent when consent is missing', async () => {
    localStorage.setItem('access_token', 'token');
    stubFetch(signedInApi());
    const { router } = renderRoutes('/home');
    await screen.findByRole('button', { name: 'Accept' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(JSON.parse(localStorage.getItem('cookie_consent') ?? '{}')).toMatchObject({ necessary: true });
  });

  it('shows the signed-in home with consent, token and a session', async () => {
    acceptCookies();
    localStorage.setItem('access_token', 'token');
    stubFetch(signedInApi());
    renderRoutes('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
  });

  it('refreshes an expired access token before giving up on the session', async () => {
    acceptCookies();
    localStorage.setItem('access_token', 'expired');
    stubFetch({
      ...signedInApi(),
      // The API answers 404 to GET /api/session when it does not accept the Bearer token.
      'GET /api/session': ({ headers }) =>
        headers.get('authorization') === 'Bearer access-1'
          ? json(200, aUser({ name: 'Grace Hopper' }))
          : json(404, { message: 'Not found' }),
      'POST /api/session/refresh': () => json(200, tokens),
    });
    renderRoutes('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBe('access-1');
  });

  it('goes to /login when the session cannot be fetched, remembering the page', async () => {
    acceptCookies();
    localStorage.setItem('access_token', 'stale');
    stubFetch({
      'GET /api/server': () => json(200, aServer()),
      'GET /api/session': () => json(401, { message: 'Not signed in' }),
      'POST /api/session/refresh': () => json(401, { message: 'Not signed in' }),
    });
    const { router } = renderRoutes('/admin/totp/setup');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/admin/totp/setup' });
  });

  it('returns to the requested page after signing in', async () => {
    acceptCookies();
    stubFetch({
      ...signedInApi(),
      'POST /api/session': () => json(200, { ...aUser({ name: 'Grace Hopper' }), ...tokens }),
      'POST /api/users/totp': () => json(200, { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Waymark:grace' }),
    });
    const { router } = renderRoutes('/admin/totp/setup');
    await screen.findByRole('button', { name: 'Sign in' });
    fireEvent.change(screen.getByLabelText(/^Email/, { selector: 'input' }), { target: { value: 'g@example.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(router.state.location.pathname).toBe('/admin/totp/setup');
  });

  it.each(['/no/such/page', '/auth/whatever'])('sends %s to the not-found page', async (path) => {
    acceptCookies();
    localStorage.setItem('access_token', 'token');
    stubFetch(signedInApi());
    const { router } = renderRoutes(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/404');
  });

  it('serves public pages without any session', async () => {
    const fetchMock = stubFetch({ 'GET /api/server': () => json(200, aServer()) });
    renderRoutes('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of use' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/session')).toBe(false);
  });

  it('tells visitors when registration is disabled', async () => {
    stubFetch({ 'GET /api/server': () => json(200, aServer({ registration: false })) });
    renderRoutes('/register/user');
    expect(await screen.findByText(/Registration is disabled/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('shows a dismissible alert when the server settings cannot be loaded', async () => {
    stubFetch({ 'GET /api/server': () => json(500, { message: 'boom' }) });
    renderRoutes('/login');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Failed to connect to server');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
