import type { Server } from '@waymark/contracts/session';
import type { User } from '@waymark/contracts/user';
import type { CoordinateFormat } from './format/coordinates';
import { COORDINATE_FORMATS, coordinateFormatOf } from './format/coordinates';
import type { DistanceUnit, SpeedUnit, UnitPreferences, VolumeUnit } from './format/units';
import { DISTANCE_UNITS, SPEED_UNITS, unitPreferences, VOLUME_UNITS } from './format/units';

/** Base layers of the maps (components/tile-layers.tsx); custom uses the server's mapUrl. */
export const MAP_LAYERS = ['osm', 'osmHumanitarian', 'openTopoMap', 'custom'] as const;
export const LIVE_ROUTE_MODES = ['none', 'selected', 'all'] as const;
export const THEME_NAMES = [
  'BLUE_THEME',
  'AQUA_THEME',
  'PURPLE_THEME',
  'GREEN_THEME',
  'CYAN_THEME',
  'ORANGE_THEME',
] as const;
export const DEFAULT_LIVE_ROUTE_LENGTH = 10;

export type ThemeName = (typeof THEME_NAMES)[number];

/** Rounds for display without trailing noise (0.1 precision by default). */
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function oneOf<T extends string>(list: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : fallback;
}

export interface Preferences {
  speedUnit: SpeedUnit;
  distanceUnit: DistanceUnit;
  volumeUnit: VolumeUnit;
  coordinateFormat: CoordinateFormat;
  map: string;
  mapLiveRoutes: (typeof LIVE_ROUTE_MODES)[number];
  liveRouteLength: number;
  theme: ThemeName;
  direction: 'ltr' | 'rtl';
}

/** The user's preferences from their fields and attributes, with a default for each one that is missing or unknown. */
export function preferencesOf(user: Pick<User, 'attributes' | 'coordinateFormat' | 'map'>): Preferences {
  const a = user.attributes;
  const length = Number(a['web.liveRouteLength']);
  return {
    speedUnit: oneOf(SPEED_UNITS, a.speedUnit, 'kmh'),
    distanceUnit: oneOf(DISTANCE_UNITS, a.distanceUnit, 'km'),
    volumeUnit: oneOf(VOLUME_UNITS, a.volumeUnit, 'ltr'),
    coordinateFormat: oneOf(COORDINATE_FORMATS, user.coordinateFormat, 'dd'),
    map: oneOf(MAP_LAYERS, user.map, 'osm'),
    mapLiveRoutes: oneOf(LIVE_ROUTE_MODES, a.mapLiveRoutes, 'none'),
    liveRouteLength: Number.isInteger(length) && length > 0 ? length : DEFAULT_LIVE_ROUTE_LENGTH,
    theme: oneOf(THEME_NAMES, a.theme, 'BLUE_THEME'),
    direction: a.direction === 'rtl' ? 'rtl' : 'ltr',
  };
}

export interface DisplayPreferences {
  units: UnitPreferences;
  coordinates: CoordinateFormat;
}

/** Units and coordinate format: the user's preferences, else the server's, else defaults. */
export function displayPreferences(user: User | null, server: Server | undefined): DisplayPreferences {
  return {
    units: unitPreferences(user?.attributes ?? {}, server?.attributes ?? {}),
    coordinates: coordinateFormatOf(user?.coordinateFormat, server?.coordinateFormat),
  };
}
