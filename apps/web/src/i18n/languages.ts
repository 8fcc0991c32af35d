/** Languages with bundled translations (English, French, Greek). */
export const BUNDLED_LANGUAGES = ['en', 'fr', 'el'] as const;
export type BundledLanguage = (typeof BUNDLED_LANGUAGES)[number];

/** Languages written right to left; texts fall back to English, the page direction follows the language. */
export const RTL_LANGUAGES = ['ar', 'he', 'fa'] as const;

export const FALLBACK_LANGUAGE: BundledLanguage = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

const KNOWN: readonly string[] = [...BUNDLED_LANGUAGES, ...RTL_LANGUAGES];

/** 'fr-CA' -> 'fr'. */
export function baseLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

export function isBundledLanguage(value: string | null | undefined): value is BundledLanguage {
  return value != null && (BUNDLED_LANGUAGES as readonly string[]).includes(value);
}

export function isRtlLanguage(language: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(baseLanguage(language));
}

/**
 * The language to start with: the user's stored choice, else the first of the browser's languages we know,
 * else English.
 */
export function detectLanguage(browserLanguages: readonly string[], stored: string | null): string {
  if (isBundledLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = baseLanguage(tag);
    if (KNOWN.includes(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

export function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(language: BundledLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}

/** Sets <html lang> and <html dir> for the language. */
export function applyDocumentLanguage(language: string): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = isRtlLanguage(language) ? 'rtl' : 'ltr';
}
