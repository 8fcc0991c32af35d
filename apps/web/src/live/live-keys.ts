import type { Event } from '@waymark/contracts/event';

/** Query keys of the live controller's own caches. */
export const liveKeys = {
  all: ['live'] as const,
  events: () => [...liveKeys.all, 'events'] as const,
};

/** The events list keeps the newest 50. */
export const LIVE_EVENTS_KEPT = 50;

/** Newest first, at most `LIVE_EVENTS_KEPT`; events already held (same id) are not repeated. */
export function keepNewestEvents(old: readonly Event[] | undefined, incoming: readonly Event[]): Event[] {
  const seen = new Set((old ?? []).map((e) => e.id));
  const fresh = incoming.filter((e) => !seen.has(e.id)).reverse();
  return [...fresh, ...(old ?? [])].slice(0, LIVE_EVENTS_KEPT);
}
