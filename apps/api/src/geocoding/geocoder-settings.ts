import type { Env } from '../env';
import { DEFAULT_ADDRESS_FORMAT } from './address-format';
import type { GeocoderType } from './providers';
import { GEOCODER_TYPES, PROVIDERS } from './providers';

/** The geocoder as configured: the server's `geocoder.*` attributes, else the WAYMARK_GEOCODER_* variables. */
export interface GeocoderSettings {
  enabled: boolean;
  type: GeocoderType;
  url: string;
  key: string | null;
  language: string | null;
  format: string;
  email: string | null;
  /** requests per second to the provider: of all API nodes together with Redis, of this process without */
  rate: number;
}

/** The server attribute that holds the provider's key: never shown to clients (GET /api/server is public). */
export const GEOCODER_KEY_ATTRIBUTE = 'geocoder.key';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** true/false as Traccar's clients store it: a boolean, or its text ("true", "false"). */
function flag(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v !== 'string') return undefined;
  const value = v.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  return undefined;
}

function positive(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

const isType = (v: unknown): v is GeocoderType => GEOCODER_TYPES.includes(v as GeocoderType);

/**
 * The settings in force. An attribute of the wrong kind counts as unset (PUT /api/server refuses such values, but
 * rows written before may hold them). A URL must be http(s); the type's public service is the default.
 */
export function geocoderSettings(env: Env, attributes: Record<string, unknown>): GeocoderSettings {
  const a = (key: string) => attributes[`geocoder.${key}`];
  const typed = a('type');
  const type = isType(typed) ? typed : env.WAYMARK_GEOCODER_TYPE;
  const url = text(a('url'));
  return {
    enabled: flag(a('enable')) ?? env.WAYMARK_GEOCODER_ENABLE,
    type,
    url: (url && /^https?:\/\//i.test(url) ? url : undefined) ?? env.WAYMARK_GEOCODER_URL ?? PROVIDERS[type].defaultUrl,
    key: text(a('key')) ?? env.WAYMARK_GEOCODER_KEY ?? null,
    language: text(a('language')) ?? env.WAYMARK_GEOCODER_LANGUAGE ?? null,
    format: text(a('format')) ?? env.WAYMARK_GEOCODER_FORMAT ?? DEFAULT_ADDRESS_FORMAT,
    email: text(a('email')) ?? env.WAYMARK_GEOCODER_EMAIL ?? null,
    rate: positive(a('rate')) ?? env.WAYMARK_GEOCODER_RATE,
  };
}

/** Whether addresses are looked up (GET /api/server's `geocoderEnabled`, read by clients to offer "show address"). */
export function geocoderEnabled(env: Env, attributes: Record<string, unknown>): boolean {
  return flag(attributes['geocoder.enable']) ?? env.WAYMARK_GEOCODER_ENABLE;
}
