import { useSyncExternalStore } from 'react';

/** localStorage key of the cookie-consent record; the `necessary` category must be true to sign in. */
export const COOKIE_CONSENT_KEY = 'cookie_consent';
const CHANGE_EVENT = 'waymark:cookie-consent';

export interface CookieConsent {
  necessary: boolean;
  preferences?: boolean;
  analytics?: boolean;
  acceptedAt?: string;
}

export function readCookieConsent(): CookieConsent | null {
  try {
    const raw = localStorage.getItem(COOKIE_CONSENT_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'necessary' in value && typeof value.necessary === 'boolean') {
      return value as CookieConsent;
    }
    return null;
  } catch {
    return null;
  }
}

export function hasNecessaryConsent(): boolean {
  return readCookieConsent()?.necessary === true;
}

/** Stores consent to the necessary cookies (the only category the app uses). */
export function acceptNecessaryCookies(): void {
  const consent: CookieConsent = {
    necessary: true,
    preferences: true,
    analytics: false,
    acceptedAt: new Date().toISOString(),
  };
  localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Whether the necessary cookies are accepted, updated when this or another tab accepts them. */
export function useHasCookieConsent(): boolean {
  return useSyncExternalStore(subscribe, hasNecessaryConsent, () => false);
}
