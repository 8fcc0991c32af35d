import { EVENT_TYPES, type EventType } from '@waymark/contracts/event';
import type { TFunction } from 'i18next';

const known = new Set<string>(EVENT_TYPES);

/** An event type in the user's language (`alerts:types.*`); unknown types show as sent. */
export function eventTypeLabel(t: TFunction<'alerts'>, type: string): string {
  return known.has(type) ? t(`types.${type as EventType}`) : type;
}
