import {
  type CodeKind,
  codeRequiredSchema,
  type SignInResponse,
  serverSchema,
  signInResponseSchema,
  tokensSchema,
  totpSetupSchema,
} from '@waymark/contracts/session';
import { userSchema } from '@waymark/contracts/user';
import { http, isApiError, refreshAccessToken } from '../../api/http';
import { clearAccessToken, setAccessToken } from '../../api/token-storage';

export interface Credentials {
  email: string;
  password: string;
  code?: string;
  remember?: boolean;
}

export type SignInResult =
  | { kind: 'signed-in'; user: SignInResponse }
  | { kind: 'code-required'; codeKind: CodeKind; message: string };

/**
 * POST /api/session. A 401 carrying `codeKind` means a second factor is needed; any other failure throws
 * an ApiError with the server's message. On success the access token is stored.
 */
export async function signIn(credentials: Credentials): Promise<SignInResult> {
  try {
    const user = await http('/api/session', {
      method: 'POST',
      body: credentials,
      schema: signInResponseSchema,
      refreshOn401: false,
    });
    setAccessToken(user.accessToken);
    return { kind: 'signed-in', user };
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      const needsCode = codeRequiredSchema.safeParse(error.body);
      if (needsCode.success) return { kind: 'code-required', ...needsCode.data };
    }
    throw error;
  }
}

/** DELETE /api/session; the local token is dropped even when the server cannot be reached. */
export async function signOut(): Promise<void> {
  try {
    await http('/api/session', { method: 'DELETE', refreshOn401: false, credentials: 'include' });
  } finally {
    clearAccessToken();
  }
}

/** After OpenID sign-in the API has set the refresh cookie; exchange it for an access token. */
export async function completeOpenIdSignIn(): Promise<void> {
  const tokens = await http('/api/session/refresh', {
    method: 'POST',
    schema: tokensSchema,
    credentials: 'include',
    refreshOn401: false,
  });
  setAccessToken(tokens.accessToken);
}

export const OPENID_AUTH_PATH = '/api/session/openid/auth';

/**
 * GET /api/session: the signed-in user. Like Traccar the API answers 404 (not 401) when the Bearer token is not
 * accepted, e.g. once the short-lived access token has expired; so a 404 also gets one refresh and a retry.
 */
export async function fetchSession() {
  try {
    return await http('/api/session', { schema: userSchema });
  } catch (error) {
    if (isApiError(error) && error.status === 404 && (await refreshAccessToken())) {
      return http('/api/session', { schema: userSchema, refreshOn401: false });
    }
    throw error;
  }
}

export const fetchServer = () => http('/api/server', { schema: serverSchema, refreshOn401: false });

export interface Registration {
  name: string;
  email: string;
  password: string;
}

export const registerUser = (registration: Registration) =>
  http('/api/users', { method: 'POST', body: registration, refreshOn401: false });

export async function requestPasswordReset(email: string): Promise<void> {
  await http('/api/password/reset', { method: 'POST', body: { email }, refreshOn401: false });
}

export async function updatePassword(token: string, password: string): Promise<void> {
  await http('/api/password/update', { method: 'POST', body: { token, password }, refreshOn401: false });
}

export const createTotpSecret = () => http('/api/users/totp', { method: 'POST', schema: totpSetupSchema });

/** Turns TOTP on (or replaces it) with a code of the new key and the current password. */
export async function verifyTotp({ code, currentPassword }: { code: string; currentPassword: string }): Promise<void> {
  await http('/api/users/totp/verify', { method: 'POST', body: { code, currentPassword } });
}
