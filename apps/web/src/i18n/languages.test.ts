import { describe, expect, it } from 'vitest';
import { adminResources } from './admin-resources';
import { resources } from './i18n';
import { applyDocumentLanguage, detectLanguage, isRtlLanguage } from './languages';
import el from './locales/el.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { reportResources } from './report-resources';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

describe('detectLanguage', () => {
  it('takes the first browser language that is bundled', () => {
    expect(detectLanguage(['de-DE', 'fr-CA', 'en'], null)).toBe('fr');
    expect(detectLanguage(['el-GR'], null)).toBe('el');
  });

  it('falls back to English', () => {
    expect(detectLanguage(['de-DE', 'ja'], null)).toBe('en');
    expect(detectLanguage([], null)).toBe('en');
  });

  it('prefers the stored choice', () => {
    expect(detectLanguage(['fr'], 'el')).toBe('el');
    expect(detectLanguage(['fr'], 'xx')).toBe('fr');
  });

  it('keeps right-to-left languages so the page direction follows them', () => {
    expect(detectLanguage(['ar-EG', 'en'], null)).toBe('ar');
  });
});

describe('direction', () => {
  it('is rtl for Arabic, Hebrew and Persian only', () => {
    expect(['ar', 'he-IL', 'fa'].map(isRtlLanguage)).toEqual([true, true, true]);
    expect(['en', 'fr', 'el'].map(isRtlLanguage)).toEqual([false, false, false]);
  });

  it('sets <html dir> and <html lang>', () => {
    applyDocumentLanguage('he');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('he');
    applyDocumentLanguage('el');
    expect(document.documentElement.dir).toBe('ltr');
  });
});

describe('translations', () => {
  it('French and Greek have exactly the English keys, none empty', () => {
    const english = keys(en).sort();
    expect(keys(fr).sort()).toEqual(english);
    expect(keys(el).sort()).toEqual(english);
    for (const bundle of [en, fr, el]) {
      expect(JSON.stringify(bundle)).not.toMatch(/:\s*""/);
    }
  });

  it('every feature namespace has the same keys in French and Greek as in English, none empty', () => {
    const all = {
      en: { ...resources.en, ...adminResources.en, ...reportResources.en },
      fr: { ...resources.fr, ...adminResources.fr, ...reportResources.fr },
      el: { ...resources.el, ...adminResources.el, ...reportResources.el },
    };
    expect(Object.keys(all.en)).toContain('adminTenants');
    for (const ns of Object.keys(all.en)) {
      const english = keys(all.en[ns as keyof typeof all.en]).sort();
      for (const lang of ['fr', 'el'] as const) {
        const bundle = all[lang][ns as keyof typeof all.en];
        expect(keys(bundle).sort(), `${lang}:${ns}`).toEqual(english);
        expect(JSON.stringify(bundle), `${lang}:${ns}`).not.toMatch(/:\s*""/);
      }
    }
  });
});
