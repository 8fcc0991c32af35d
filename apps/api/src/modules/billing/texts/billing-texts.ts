import type { Language } from '../../../notifications/templates/texts';
import { el } from './el';
import { en } from './en';
import { fr } from './fr';

/** The forms of a text by the count's plural category; `other` serves the categories a language lacks here. */
interface Plural {
  one: string;
  other: string;
}

/**
 * What billing says to people, in one language: notice mails and invoice PDFs. Placeholders in braces are filled
 * with values already formatted for the language ({date}, {amount}); a text with a count has its plural forms.
 */
export interface BillingTexts {
  /** the Intl locale that formats dates and amounts */
  locale: string;
  notices: {
    expirySubject: Plural;
    expiryText: string;
    overdueSubject: string;
    overdueText: string;
    devicesSubject: string;
    devicesText: string;
  };
  pdf: {
    title: string;
    billedTo: string;
    plan: string;
    period: string;
    issued: string;
    due: string;
    status: string;
    paidOn: string;
    vatId: string;
    columns: [description: string, quantity: string, unitPrice: string, amount: string];
    total: string;
    statuses: Record<'DRAFT' | 'ISSUED' | 'PAID' | 'OVERDUE' | 'VOID', string>;
  };
}

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
