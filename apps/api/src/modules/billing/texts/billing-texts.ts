import type { Language } from '../../../notifications/templates/texts';
import { el } from './el';
import { en } from './en';
import { fr } from './fr';
import type { BillingTexts, Plural } from './texts-shape';

const CATALOGUE: Record<Language, BillingTexts> = { en, fr, el };

export function billingTexts(language: Language): BillingTexts {
  return CATALOGUE[language];
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}

/** The form of `plural` for `count` in the language (French says "1 jour" and "0 jour" alike). */
export function plural(texts: BillingTexts, forms: Plural, count: number): string {
  return new Intl.PluralRules(texts.locale).select(count) === 'one' ? forms.one : forms.other;
}

/** A day in UTC, as the language writes it (billing periods and due dates are UTC days). */
export function formatDay(texts: BillingTexts, at: Date | string | null): string {
  if (at === null) return '—';
  return new Intl.DateTimeFormat(texts.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(at));
}

/** An amount in minor units, in the language's notation for the currency (an unknown code is shown as it is). */
export function formatMoney(texts: BillingTexts, cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(texts.locale, { style: 'currency', currency }).format(cents / 100);
  } catch {
    const value = new Intl.NumberFormat(texts.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `${value.format(cents / 100)} ${currency}`;
  }
}
