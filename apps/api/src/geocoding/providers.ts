import type { AddressParts } from './address-format';

/** The answer formats Waymark reads: Nominatim's (also LocationIQ's, with a key) and OpenCage's. */
export const GEOCODER_TYPES = ['nominatim', 'opencage'] as const;
export type GeocoderType = (typeof GEOCODER_TYPES)[number];

/** What a provider needs to build its request. */
export interface ProviderSettings {
  url: string;
  key: string | null;
  language: string | null;
  /** sent as the User-Agent: names Waymark, and an address to reach the operator when one is configured */
  userAgent: string;
}

export interface ProviderRequest {
  url: URL;
  headers: Record<string, string>;
}

/** A reverse-geocoding service: how to ask it for an address, and how to read its answer. */
export interface GeocodingProvider {
  readonly defaultUrl: string;
  request(latitude: string, longitude: string, settings: ProviderSettings): ProviderRequest;
  /** the address parts of an answer ({} when the service knows no address there); throws when it reports an error */
  parse(body: unknown): AddressParts;
}

/** The provider refused or failed the request (not "no address here"). */
export class ProviderError extends Error {}

/** The URL configured, its path completed with the service's endpoint when it names only the host (or a prefix). */
function endpoint(base: string, path: string): URL {
  const url = new URL(base);
  if (!url.pathname.endsWith(path)) url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
/** the first of several keys that holds text */
const first = (o: Json, keys: string[]) => keys.map((k) => text(o[k])).find((v) => v !== undefined);

/**
 * The parts of an address from the components both services name alike (OpenStreetMap's tags); a place is named by
 * its kind (city, town, village, …), so the first kind present counts.
 */
function partsOf(c: Json, formatted: unknown): AddressParts {
  const parts: AddressParts = {
    house: text(c.house_number),
    street: first(c, ['road', 'pedestrian', 'footway', 'path', 'cycleway', 'square', 'street']),
    suburb: first(c, ['suburb', 'neighbourhood', 'quarter']),
    district: first(c, ['city_district', 'district', 'county']),
    city: first(c, ['city', 'town', 'village', 'hamlet', 'municipality']),
    state: first(c, ['state', 'region', 'province']),
    country: text(c.country),
    postcode: text(c.postcode),
    formatted: text(formatted),
  };
  // only what the service said is kept (and stored)
  return Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined)) as AddressParts;
}

/**
 * Nominatim's /reverse (OpenStreetMap's service, a self-hosted one, or LocationIQ with a key). OpenStreetMap's
 * usage policy asks for an identifying User-Agent and at most one request per second.
 */
export const nominatim: GeocodingProvider = {
  defaultUrl: 'https://nominatim.openstreetmap.org/reverse',
  request(latitude, longitude, s) {
    const url = endpoint(s.url, '/reverse');
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('lat', latitude);
    url.searchParams.set('lon', longitude);
    url.searchParams.set('zoom', '18');
    url.searchParams.set('addressdetails', '1');
    if (s.key) url.searchParams.set('key', s.key);
    const headers: Record<string, string> = { 'user-agent': s.userAgent, accept: 'application/json' };
    if (s.language) headers['accept-language'] = s.language;
    return { url, headers };
  },
  parse(body) {
    if (!isObject(body)) throw new ProviderError('not a JSON object');
    // "Unable to geocode": the sea, or nowhere the service has data for
    if (body.error !== undefined) return {};
    return partsOf(isObject(body.address) ? body.address : {}, body.display_name);
  },
};

/** OpenCage's /geocode/v1/json, reverse by `q=latitude+longitude`; an error is told by `status.code`. */
export const opencage: GeocodingProvider = {
  defaultUrl: 'https://api.opencagedata.com/geocode/v1/json',
  request(latitude, longitude, s) {
    const url = endpoint(s.url, '/geocode/v1/json');
    // URLSearchParams writes the space as '+', the form OpenCage documents
    url.searchParams.set('q', `${latitude} ${longitude}`);
    url.searchParams.set('key', s.key ?? '');
    if (s.language) url.searchParams.set('language', s.language);
    url.searchParams.set('no_annotations', '1');
    url.searchParams.set('limit', '1');
    return { url, headers: { 'user-agent': s.userAgent, accept: 'application/json' } };
  },
  parse(body) {
    if (!isObject(body)) throw new ProviderError('not a JSON object');
    const status = isObject(body.status) ? body.status : {};
    if (status.code !== 200) throw new ProviderError(`status ${String(status.code)}: ${String(status.message)}`);
    const result = Array.isArray(body.results) ? body.results[0] : undefined;
    if (!isObject(result)) return {};
    return partsOf(isObject(result.components) ? result.components : {}, result.formatted);
  },
};

export const PROVIDERS: Record<GeocoderType, GeocodingProvider> = { nominatim, opencage };
