/** Paths that skip the session check (sign-in, registration, password reset, shared devices). */
const PUBLIC_PATHS = new Set([
  '/login',
  '/terms',
  '/privacy-policy',
  '/register/user',
  '/register/payment/success',
  // The reset request form is reached from /login by signed-out users, like its /password/reset/:token step.
  '/password/reset',
]);
const PUBLIC_PREFIXES = ['/password/create/', '/password/reset/', '/devices/share/'];

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/home';

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    PUBLIC_PATHS.has(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix) && path.length > prefix.length)
  );
}

export type Access = { kind: 'public' } | { kind: 'login'; clearToken: boolean } | { kind: 'check-session' };

/**
 * Public paths pass; every other path needs cookie consent and an access token, else the user goes to the login
 * page (and a token stored without consent is removed); with both the session is then fetched.
 */
export function decideAccess(pathname: string, hasConsent: boolean, accessToken: string | null): Access {
  if (isPublicPath(pathname)) return { kind: 'public' };
  if (!hasConsent) return { kind: 'login', clearToken: true };
  if (!accessToken) return { kind: 'login', clearToken: false };
  return { kind: 'check-session' };
}

/** Where to go after signing in: the page the user asked for (same-origin path only), else /home. */
export function returnPath(state: unknown): string {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string') {
    const from = state.from;
    if (from.startsWith('/') && !from.startsWith('//') && !from.startsWith(LOGIN_PATH)) return from;
  }
  return HOME_PATH;
}
