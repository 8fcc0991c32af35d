import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { aUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { COOKIE_CONSENT_KEY } from '../cookie-consent';
import { SessionGate } from './session-gate';

const routes = [
  {
    element: <SessionGate />,
    children: [
      { path: '/home', element: <p>page /home</p> },
      { path: '/login', element: <p>page /login</p> },
    ],
  },
];

describe('SessionGate', () => {
  beforeEach(() => {
    localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify({ necessary: true }));
    localStorage.setItem('access_token', 'access-1');
  });

  it('opens the page once the session is confirmed', async () => {
    stubFetch({ 'GET /api/session': () => json(200, aUser()) });
    renderRoutes('/home', routes);
    await screen.findByText('page /home');
  });

  it('sends the visitor to the login page when the server refuses the session and its refresh', async () => {
    stubFetch({
      'GET /api/session': () => json(404, { message: 'Not found' }),
      'POST /api/session/refresh': () => json(401, { message: 'Session expired, sign in again' }),
    });
    renderRoutes('/home', routes);
    await screen.findByText('page /login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('keeps a signed-in user on the page with a retry when the server fails, instead of signing them out', async () => {
    stubFetch({
      'GET /api/session': [() => json(503, { message: 'Database unavailable' }), () => json(200, aUser())],
    });
    renderRoutes('/home', routes);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    expect(screen.queryByText('page /login')).toBeNull();
    expect(localStorage.getItem('access_token')).toBe('access-1');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('page /home');
  });
});
