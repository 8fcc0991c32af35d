import type { Geocoder } from './geocoder';
import { GeocodingError } from './geocoder';

/** A place of a report row whose address is missing, and how to put the address found into the row. */
export interface Place {
  latitude: number;
  longitude: number;
  fill(address: string): void;
}

/** Lookups at once: the provider's rate spaces them anyway; the caches answer the rest without waiting. */
const CONCURRENCY = 4;
/** How long a report may wait for the provider in all; past it, only the caches fill addresses. */
const BUDGET_MS = 10_000;

/**
 * Fills the missing addresses of a report's rows while geocoding is on (one read of the settings when off). The
 * provider is asked for at most `budgetMs` in all and only until it fails once: a report never fails nor waits long
 * for an address; what is left blank comes from the cache the next time, once looked up.
 */
export async function fillAddresses(
  geocoder: Geocoder,
  places: Place[],
  { budgetMs = BUDGET_MS, now = Date.now }: { budgetMs?: number; now?: () => number } = {},
): Promise<void> {
  if (places.length === 0) return;
  const settings = await geocoder.settings();
  if (!settings.enabled) return;
  const deadline = now() + budgetMs;
  let failed = false;
  let next = 0;
  const work = async () => {
    for (let place = places[next++]; place; place = places[next++]) {
      const maxWaitMs = deadline - now();
      try {
        const address = await geocoder.address(place.latitude, place.longitude, {
          settings,
          maxWaitMs: Math.max(0, maxWaitMs),
          cachedOnly: failed || maxWaitMs < 0,
        });
        if (address) place.fill(address);
      } catch (err) {
        if (!(err instanceof GeocodingError)) throw err;
        if (err.reason === 'failed') failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, places.length) }, work));
}
