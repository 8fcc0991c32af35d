import type { Page } from '@waymark/contracts/common';

/** An amount in minor units, in its currency, for the reader's language ("€12.50", "12,50 €"). */
export function formatMoney(cents: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** The calendar day of an ISO time, for the reader's language. */
export function formatDay(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}

/** A whole list as the one page the admin list shows (lists the API serves unpaged). */
export function asPage<T>(rows: T[] | undefined): Page<T> | undefined {
  if (!rows) return undefined;
  return { content: rows, page: 0, size: rows.length, totalElements: rows.length, totalPages: 1 };
}
