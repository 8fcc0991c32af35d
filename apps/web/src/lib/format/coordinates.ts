/** Coordinate formats: decimal degrees, degrees decimal minutes, degrees minutes seconds (Traccar's names). */
export type CoordinateFormat = 'dd' | 'ddm' | 'dms';
export const COORDINATE_FORMATS: readonly CoordinateFormat[] = ['dd', 'ddm', 'dms'];

/** The user's `coordinateFormat`, else the server's, else decimal degrees. */
export function coordinateFormatOf(user?: string | null, server?: string | null): CoordinateFormat {
  const value = user || server;
  return value && (COORDINATE_FORMATS as readonly string[]).includes(value) ? (value as CoordinateFormat) : 'dd';
}

function hemisphere(value: number, axis: 'lat' | 'lon'): string {
  if (axis === 'lat') return value < 0 ? 'S' : 'N';
  return value < 0 ? 'W' : 'E';
}

/** One coordinate, e.g. 37.975°, 37° 58.500′ N or 37° 58′ 30.0″ N. */
export function formatCoordinate(value: number, axis: 'lat' | 'lon', format: CoordinateFormat): string {
  if (format === 'dd') return `${value.toFixed(6)}°`;
  const abs = Math.abs(value);
  let degrees = Math.floor(abs);
  let minutes = (abs - degrees) * 60;
  if (format === 'ddm') {
    if (Number(minutes.toFixed(3)) >= 60) {
      degrees += 1;
      minutes = 0;
    }
    return `${degrees}° ${minutes.toFixed(3)}′ ${hemisphere(value, axis)}`;
  }
  let whole = Math.floor(minutes);
  let seconds = (minutes - whole) * 60;
  if (Number(seconds.toFixed(1)) >= 60) {
    seconds = 0;
    whole += 1;
  }
  if (whole >= 60) {
    whole = 0;
    degrees += 1;
  }
  return `${degrees}° ${whole}′ ${seconds.toFixed(1)}″ ${hemisphere(value, axis)}`;
}

/** "latitude, longitude" in the given format. */
export function formatLatLon(latitude: number, longitude: number, format: CoordinateFormat): string {
  return `${formatCoordinate(latitude, 'lat', format)}, ${formatCoordinate(longitude, 'lon', format)}`;
}
