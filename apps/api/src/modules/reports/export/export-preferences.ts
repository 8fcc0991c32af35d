import { pickLanguage } from '../../../notifications/templates/render';
import type { Language } from '../../../notifications/templates/texts';
import type { CoordinateFormat, DistanceUnit, SpeedUnit, VolumeUnit } from './units';
import { COORDINATE_FORMATS, DISTANCE_UNITS, SPEED_UNITS, VOLUME_UNITS } from './units';

/** How one reader wants an export written: units, time zone, coordinates, language, clock. */
export interface ExportPreferences {
  speedUnit: SpeedUnit;
  distanceUnit: DistanceUnit;
  volumeUnit: VolumeUnit;
  /** an IANA zone name, e.g. Europe/Athens */
  timeZone: string;
  coordinateFormat: CoordinateFormat;
  language: Language;
  twelveHour: boolean;
}

/** The fields of a user or server row that hold preferences (both have them, Traccar's way). */
export interface PreferenceSource {
  attributes?: unknown;
  coordinateFormat?: string | null;
}

type Attributes = Record<string, unknown>;
const attributesOf = (row: PreferenceSource | null | undefined): Attributes =>
  row?.attributes && typeof row.attributes === 'object' ? (row.attributes as Attributes) : {};

function pick<T extends string>(values: unknown[], allowed: readonly T[], fallback: T): T {
  for (const value of values) {
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  }
  return fallback;
}

/** A zone name Intl knows; anything else (a device-style offset, a typo) is not a zone. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const asBoolean = (value: unknown): boolean | null =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : null;

/**
 * The reader's preferences: the user's attributes (speedUnit, distanceUnit, volumeUnit, timezone, language,
 * twelveHourFormat) and coordinateFormat field, else the server's, else the web app's defaults (km/h, km, litres,
 * decimal degrees, English, 24-hour clock) and UTC.
 */
export function exportPreferences(
  user: PreferenceSource | null | undefined,
  server: PreferenceSource | null | undefined,
): ExportPreferences {
  const u = attributesOf(user);
  const s = attributesOf(server);
  return {
    speedUnit: pick([u.speedUnit, s.speedUnit], SPEED_UNITS, 'kmh'),
    distanceUnit: pick([u.distanceUnit, s.distanceUnit], DISTANCE_UNITS, 'km'),
    volumeUnit: pick([u.volumeUnit, s.volumeUnit], VOLUME_UNITS, 'ltr'),
    timeZone: [u.timezone, s.timezone].find(isTimeZone) ?? 'UTC',
    coordinateFormat: pick([user?.coordinateFormat, server?.coordinateFormat], COORDINATE_FORMATS, 'dd'),
    language: pickLanguage(u, s),
    twelveHour: asBoolean(u.twelveHourFormat) ?? asBoolean(s.twelveHourFormat) ?? false,
  };
}

/** The preferences of `user` read with the server's row (one small read). */
export async function readerPreferences(
  db: { server: { findUnique(args: { where: { id: number } }): Promise<PreferenceSource | null> } },
  user: PreferenceSource,
): Promise<ExportPreferences> {
  return exportPreferences(user, await db.server.findUnique({ where: { id: 1 } }));
}
