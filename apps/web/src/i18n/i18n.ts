import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  applyDocumentLanguage,
  type BundledLanguage,
  browserLanguages,
  detectLanguage,
  FALLBACK_LANGUAGE,
  readStoredLanguage,
  storeLanguage,
} from './languages';
import el from './locales/el.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

export const resources = {
  en: { translation: en },
  fr: { translation: fr },
  el: { translation: el },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(browserLanguages(), readStoredLanguage()),
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  initAsync: false,
});

applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** Switches the language and remembers the choice for the next visit. */
export async function changeLanguage(language: BundledLanguage): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;
