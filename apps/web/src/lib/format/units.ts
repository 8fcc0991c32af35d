/** Display units of the user's preferences (Traccar's attribute values: speedUnit, distanceUnit, volumeUnit). */
export type SpeedUnit = 'kn' | 'kmh' | 'mph';
export type DistanceUnit = 'km' | 'mi' | 'nmi';
export type VolumeUnit = 'ltr' | 'usGal' | 'impGal';

export const SPEED_UNITS: readonly SpeedUnit[] = ['kmh', 'mph', 'kn'];
export const DISTANCE_UNITS: readonly DistanceUnit[] = ['km', 'mi', 'nmi'];
export const VOLUME_UNITS: readonly VolumeUnit[] = ['ltr', 'usGal', 'impGal'];

const KNOT_IN = { kn: 1, kmh: 1.852, mph: 1.150779 } as const;
const METRES_PER = { km: 1000, mi: 1609.344, nmi: 1852 } as const;
/** The small unit shown below one of the big unit (metres, feet, metres). */
const SMALL = { km: { label: 'm', metres: 1 }, mi: { label: 'ft', metres: 0.3048 }, nmi: { label: 'm', metres: 1 } };
const LITRES_PER = { ltr: 1, usGal: 3.785411784, impGal: 4.54609 } as const;

export const SPEED_LABEL: Record<SpeedUnit, string> = { kn: 'kn', kmh: 'km/h', mph: 'mph' };
export const DISTANCE_LABEL: Record<DistanceUnit, string> = { km: 'km', mi: 'mi', nmi: 'nmi' };
export const VOLUME_LABEL: Record<VolumeUnit, string> = { ltr: 'l', usGal: 'US gal', impGal: 'gal' };

export const convertSpeed = (knots: number, unit: SpeedUnit) => knots * KNOT_IN[unit];
export const convertDistance = (metres: number, unit: DistanceUnit) => metres / METRES_PER[unit];
export const convertVolume = (litres: number, unit: VolumeUnit) => litres / LITRES_PER[unit];
/** A speed typed in the user's unit → knots (how the API stores it). */
export const speedToKnots = (value: number, unit: SpeedUnit) => value / KNOT_IN[unit];
/** A distance typed in the user's unit → metres (how the API stores it). */
export const distanceToMetres = (value: number, unit: DistanceUnit) => value * METRES_PER[unit];

function round(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** A speed stored in knots, e.g. "54 km/h". */
export function formatSpeed(knots: number, unit: SpeedUnit): string {
  return `${round(convertSpeed(knots, unit), 1)} ${SPEED_LABEL[unit]}`;
}

/** A distance in metres; below one big unit it is shown in metres (or feet for miles). */
export function formatDistance(metres: number, unit: DistanceUnit): string {
  const big = convertDistance(metres, unit);
  if (Math.abs(big) >= 1) return `${round(big, 2)} ${DISTANCE_LABEL[unit]}`;
  const small = SMALL[unit];
  return `${round(metres / small.metres, 0)} ${small.label}`;
}

/** An area in square metres: m² below 0.1 km² (ft² for miles), else km², mi² or nmi². */
export function formatArea(squareMetres: number, unit: DistanceUnit): string {
  const side = METRES_PER[unit];
  const big = squareMetres / (side * side);
  if (big >= 0.1) return `${round(big, 2)} ${DISTANCE_LABEL[unit]}²`;
  const small = SMALL[unit];
  return `${round(squareMetres / (small.metres * small.metres), 0)} ${small.label}²`;
}

export function formatVolume(litres: number, unit: VolumeUnit): string {
  return `${round(convertVolume(litres, unit), 1)} ${VOLUME_LABEL[unit]}`;
}

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

export interface UnitPreferences {
  speed: SpeedUnit;
  distance: DistanceUnit;
  volume: VolumeUnit;
}

/** Units from user attributes, falling back to server attributes, then km/h, km and litres. */
export function unitPreferences(user: Record<string, unknown>, server: Record<string, unknown> = {}): UnitPreferences {
  return {
    speed: pick(user.speedUnit ?? server.speedUnit, SPEED_UNITS, 'kmh'),
    distance: pick(user.distanceUnit ?? server.distanceUnit, DISTANCE_UNITS, 'km'),
    volume: pick(user.volumeUnit ?? server.volumeUnit, VOLUME_UNITS, 'ltr'),
  };
}
