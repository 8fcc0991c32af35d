/**
 * Display units of an export (the values the API stores are Traccar's: knots, metres, litres, milliseconds).
 * The web app converts with the same factors and the same preference values in its lib/format; the server keeps
 * its own copy because an app never imports another app.
 */
export type SpeedUnit = 'kn' | 'kmh' | 'mph';
export type DistanceUnit = 'km' | 'mi' | 'nmi';
export type VolumeUnit = 'ltr' | 'usGal' | 'impGal';
export type CoordinateFormat = 'dd' | 'ddm' | 'dms';

export const SPEED_UNITS: readonly SpeedUnit[] = ['kmh', 'mph', 'kn'];
export const DISTANCE_UNITS: readonly DistanceUnit[] = ['km', 'mi', 'nmi'];
export const VOLUME_UNITS: readonly VolumeUnit[] = ['ltr', 'usGal', 'impGal'];
export const COORDINATE_FORMATS: readonly CoordinateFormat[] = ['dd', 'ddm', 'dms'];

const KNOT_IN: Record<SpeedUnit, number> = { kn: 1, kmh: 1.852, mph: 1.150779 };
const METRES_PER: Record<DistanceUnit, number> = { km: 1000, mi: 1609.344, nmi: 1852 };
const LITRES_PER: Record<VolumeUnit, number> = { ltr: 1, usGal: 3.785411784, impGal: 4.54609 };

export const SPEED_LABEL: Record<SpeedUnit, string> = { kn: 'kn', kmh: 'km/h', mph: 'mph' };
export const DISTANCE_LABEL: Record<DistanceUnit, string> = { km: 'km', mi: 'mi', nmi: 'nmi' };
export const VOLUME_LABEL: Record<VolumeUnit, string> = { ltr: 'l', usGal: 'US gal', impGal: 'gal' };

export const convertSpeed = (knots: number, unit: SpeedUnit) => knots * KNOT_IN[unit];
export const convertDistance = (metres: number, unit: DistanceUnit) => metres / METRES_PER[unit];
export const convertVolume = (litres: number, unit: VolumeUnit) => litres / LITRES_PER[unit];

function hemisphere(value: number, axis: 'lat' | 'lon'): string {
  if (axis === 'lat') return value < 0 ? 'S' : 'N';
  return value < 0 ? 'W' : 'E';
}

/** One coordinate: 37.975000°, 37° 58.500′ N or 37° 58′ 30.0″ N (rounding never shows 60 minutes or seconds). */
export function formatCoordinate(value: number, axis: 'lat' | 'lon', format: CoordinateFormat): string {
  if (format === 'dd') return `${value.toFixed(6)}°`;
  const abs = Math.abs(value);
  if (format === 'ddm') {
    const thousandths = Math.round(abs * 60_000);
    const degrees = Math.floor(thousandths / 60_000);
    const minutes = (thousandths - degrees * 60_000) / 1000;
    return `${degrees}° ${minutes.toFixed(3)}′ ${hemisphere(value, axis)}`;
  }
  const tenths = Math.round(abs * 36_000);
  const degrees = Math.floor(tenths / 36_000);
  const minutes = Math.floor((tenths - degrees * 36_000) / 600);
  const seconds = (tenths - degrees * 36_000 - minutes * 600) / 10;
  return `${degrees}° ${minutes}′ ${seconds.toFixed(1)}″ ${hemisphere(value, axis)}`;
}

/** "latitude, longitude" in the format. */
export function formatLatLon(latitude: number, longitude: number, format: CoordinateFormat): string {
  return `${formatCoordinate(latitude, 'lat', format)}, ${formatCoordinate(longitude, 'lon', format)}`;
}

/** A duration as hours:minutes:seconds, hours not wrapped at a day (a month of engine hours reads 312:05:00). */
export function formatDuration(ms: number): string {
  const total = Math.round(Math.abs(ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${ms < 0 ? '-' : ''}${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
