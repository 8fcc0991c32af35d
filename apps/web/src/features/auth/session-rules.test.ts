import { describe, expect, it } from 'vitest';
import { decideAccess, isPublicPath, returnPath } from './session-rules';

describe('isPublicPath', () => {
  it.each([
    '/login',
    '/terms',
    '/privacy-policy',
    '/register/user',
    '/register/payment/success',
    '/password/reset',
    '/password/reset/abc123',
    '/password/create/abc123',
    '/devices/share/42',
    '/login/',
  ])('%s skips the session check', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/home',
    '/admin/totp/setup',
    '/auth/404',
    '/devices',
    '/devices/share',
    '/password/create',
    '/loginx',
  ])('%s needs a session', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });
});

describe('decideAccess', () => {
  it('lets public paths through without consent or token', () => {
    expect(decideAccess('/login', false, null)).toEqual({ kind: 'public' });
  });

  it('sends users without consent to /login and drops their token', () => {
    expect(decideAccess('/home', false, 'token')).toEqual({ kind: 'login', clearToken: true });
  });

  it('sends users without a token to /login', () => {
    expect(decideAccess('/home', true, null)).toEqual({ kind: 'login', clearToken: false });
  });

  it('checks the session when consent and token are there', () => {
    expect(decideAccess('/home', true, 'token')).toEqual({ kind: 'check-session' });
  });
});

describe('returnPath', () => {
  it('returns to the requested page', () => {
    expect(returnPath({ from: '/admin/totp/setup?x=1' })).toBe('/admin/totp/setup?x=1');
  });

  it('defaults to /home and refuses foreign or login targets', () => {
    expect(returnPath(null)).toBe('/home');
    expect(returnPath({ from: '//evil.example/' })).toBe('/home');
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/home');
    expect(returnPath({ from: '/login' })).toBe('/home');
  });
});
