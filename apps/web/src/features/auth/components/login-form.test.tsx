import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { aServer, aUser, tokens } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { LoginForm } from './login-form';

const codeRequired = (codeKind: 'totp' | 'email') => () =>
  json(401, { message: 'Code required', codeKind }, { 'www-authenticate': 'TOTP' });
const signedIn = () => json(200, { ...aUser(), ...tokens });

function fillCredentials(email = 'ada@example.test', password = 'S3cret-password') {
  fireEvent.change(screen.getByLabelText('Email', { exact: false, selector: 'input' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('signs in, stores the access token and goes home', async () => {
    const fetchMock = stubFetch({ 'GET /api/server': () => json(200, aServer()), 'POST /api/session': signedIn });
    renderAt('/login', <LoginForm />, ['/home']);
    fillCredentials();
    await screen.findByText('page /home');
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(bodiesOf(fetchMock, 'POST /api/session')).toEqual([
      { email: 'ada@example.test', password: 'S3cret-password', remember: true },
    ]);
  });

  it('moves to the code step on 401 with codeKind totp, then sends the code', async () => {
    const fetchMock = stubFetch({
      'GET /api/server': () => json(200, aServer()),
      'POST /api/session': [codeRequired('totp'), signedIn],
    });
    renderAt('/login', <LoginForm />, ['/home']);
    fillCredentials();

    const code = await screen.findByLabelText(/^Code/, { selector: 'input' });
    expect(screen.getByText('Enter the code from your authenticator app')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('page /home');
    expect(bodiesOf(fetchMock, 'POST /api/session')[1]).toEqual({
      email: 'ada@example.test',
      password: 'S3cret-password',
      remember: true,
      code: '123456',
    });
  });

  it('explains an emailed code', async () => {
    stubFetch({ 'GET /api/server': () => json(200, aServer()), 'POST /api/session': codeRequired('email') });
    renderAt('/login', <LoginForm />);
    fillCredentials();
    expect(await screen.findByText('We sent a 6-digit code to your email')).toBeTruthy();
  });

  it('shows a refused code and stays on the code step', async () => {
    stubFetch({
      'GET /api/server': () => json(200, aServer()),
      'POST /api/session': [
        codeRequired('totp'),
        () => json(401, { message: 'Invalid or expired code', codeKind: 'totp' }),
      ],
    });
    renderAt('/login', <LoginForm />);
    fillCredentials();
    fireEvent.change(await screen.findByLabelText(/^Code/, { selector: 'input' }), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid or expired code');
    expect(screen.getByLabelText(/^Code/, { selector: 'input' })).toBeTruthy();
  });

  it.each([
    [401, 'Incorrect email address or password'],
    [429, 'Too many attempts, try again later'],
  ])('shows the server message of a %i', async (status, message) => {
    stubFetch({ 'GET /api/server': () => json(200, aServer()), 'POST /api/session': () => json(status, { message }) });
    renderAt('/login', <LoginForm />);
    fillCredentials();
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('offers registration and OpenID when the server enables them', async () => {
    stubFetch({ 'GET /api/server': () => json(200, aServer({ registration: true, openIdEnabled: true })) });
    renderAt('/login', <LoginForm />);
    expect(await screen.findByRole('button', { name: 'Sign in with OpenID' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register/user');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/password/reset');
  });

  it('goes to the identity provider without a password form when the server says openIdForce', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const fetchMock = stubFetch({
        'GET /api/server': () => json(200, aServer({ registration: true, openIdEnabled: true, openIdForce: true })),
      });
      renderAt('/login', <LoginForm />);
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/session/openid/auth'));
      expect(screen.getByText(/signs in through OpenID only/)).toBeTruthy();
      expect(screen.queryByLabelText(/^Password/, { selector: 'input' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with OpenID' }));
      expect(assign).toHaveBeenCalledTimes(2);
      expect(bodiesOf(fetchMock, 'POST /api/session')).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the password form when OpenID is offered but not forced', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      stubFetch({ 'GET /api/server': () => json(200, aServer({ openIdEnabled: true })) });
      renderAt('/login', <LoginForm />);
      expect(await screen.findByRole('button', { name: 'Sign in with OpenID' })).toBeTruthy();
      expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toBeTruthy();
      expect(assign).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('validates before calling the server', async () => {
    const fetchMock = stubFetch({ 'GET /api/server': () => json(200, aServer()) });
    renderAt('/login', <LoginForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address')).toBeTruthy();
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST /api/session')).toHaveLength(0));
  });
});
