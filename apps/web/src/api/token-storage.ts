/** The short-lived access token lives in localStorage under this key; the refresh token stays in an HttpOnly cookie. */
export const ACCESS_TOKEN_KEY = 'access_token';

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
}

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // nothing stored
  }
}
