import type { Language } from '../../../../notifications/templates/texts';
import { el } from './el';
import { en } from './en';
import { fr } from './fr';
import type { ReportTexts } from './texts-shape';

const CATALOGUE: Record<Language, ReportTexts> = { en, fr, el };

export function reportTexts(language: Language): ReportTexts {
  return CATALOGUE[language];
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}

/** An event type in the language; a type outside the catalogue shows as it was sent. */
export function eventTypeText(texts: ReportTexts, type: string): string {
  return Object.hasOwn(texts.eventTypes, type) ? texts.eventTypes[type as keyof ReportTexts['eventTypes']] : type;
}
