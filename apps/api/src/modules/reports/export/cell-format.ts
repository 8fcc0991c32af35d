import type { ExportPreferences } from './export-preferences';
import type { Column, ColumnKind } from './report-document';
import type { ReportTexts } from './texts/texts-shape';
import {
  convertDistance,
  convertSpeed,
  convertVolume,
  DISTANCE_LABEL,
  formatCoordinate,
  formatDuration,
  formatLatLon,
  SPEED_LABEL,
  VOLUME_LABEL,
} from './units';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const asDate = (value: unknown): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};
const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const asPair = (value: unknown): [number, number] | null =>
  Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number' ? [value[0], value[1]] : null;
const asText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** What a value of a converted kind becomes in the reader's unit. */
export function convert(kind: ColumnKind, value: number, p: ExportPreferences): number {
  if (kind === 'speed') return convertSpeed(value, p.speedUnit);
  if (kind === 'distance') return convertDistance(value, p.distanceUnit);
  if (kind === 'volume') return convertVolume(value, p.volumeUnit);
  return value;
}

/** Digits after the point a converted value is written with in text (a sheet keeps SHEET_DIGITS). */
const DIGITS: Partial<Record<ColumnKind, number>> = { speed: 1, distance: 2, volume: 2, number: 2 };
const SHEET_DIGITS = 3;

/**
 * Writes cells for one reader: headers with units, texts for the PDF ('display': the language's own number and
 * date notation) and the CSV ('data': plain numbers, times as YYYY-MM-DD HH:mm:ss in the reader's zone), and the
 * typed values of an XLSX cell.
 */
export class CellFormat {
  private readonly wall: Intl.DateTimeFormat;
  private readonly time: Intl.DateTimeFormat;
  private readonly numbers = new Map<number, Intl.NumberFormat>();

  constructor(
    readonly preferences: ExportPreferences,
    readonly texts: ReportTexts,
  ) {
    const zone = preferences.timeZone;
    this.wall = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    this.time = new Intl.DateTimeFormat(texts.locale, {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: preferences.twelveHour ? 'h12' : 'h23',
    });
  }

  /** The header with its unit: "Speed (km/h)", "Distance (mi)", "Fuel spent (US gal)". */
  header(column: Pick<Column<unknown>, 'header' | 'kind'>): string {
    const p = this.preferences;
    const unit =
      column.kind === 'speed'
        ? SPEED_LABEL[p.speedUnit]
        : column.kind === 'distance'
          ? DISTANCE_LABEL[p.distanceUnit]
          : column.kind === 'volume'
            ? VOLUME_LABEL[p.volumeUnit]
            : null;
    return unit ? `${column.header} (${unit})` : column.header;
  }

  /** The zone's offset from UTC at an instant, in milliseconds (read from Intl: slow, hence the cache below). */
  private offsetAt(ms: number): number {
    const parts: Record<string, number> = {};
    for (const part of this.wall.formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
    const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
    return Date.UTC(year, month - 1, day, hour, minute, second) - (ms - (((ms % 1000) + 1000) % 1000));
  }

  /**
   * The offset for every instant of an hour, by the hour: the same at its first and last millisecond means no
   * change of offset inside it (zones change at most twice a year); null when it changes, and then each instant
   * of that hour is read on its own.
   */
  private readonly hourOffsets = new Map<number, number | null>();

  /** The wall-clock time in the reader's zone, as the parts of a UTC date (what a spreadsheet shows as is). */
  wallClock(date: Date): Date {
    const ms = date.getTime();
    const hour = Math.floor(ms / HOUR_MS);
    let offset = this.hourOffsets.get(hour);
    if (offset === undefined) {
      const first = this.offsetAt(hour * HOUR_MS);
      offset = first === this.offsetAt(hour * HOUR_MS + HOUR_MS - 1) ? first : null;
      if (this.hourOffsets.size >= 10_000) this.hourOffsets.clear();
      this.hourOffsets.set(hour, offset);
    }
    return new Date(ms + (offset ?? this.offsetAt(ms)));
  }

  /** A time as YYYY-MM-DD HH:mm:ss in the reader's zone. */
  dataTime(date: Date): string {
    return this.wallClock(date).toISOString().slice(0, 19).replace('T', ' ');
  }

  /** A time as the reader's language writes it, in their zone and clock. */
  displayTime(date: Date): string {
    return this.time.format(date);
  }

  private number(value: number, digits: number): string {
    let format = this.numbers.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(this.texts.locale, { maximumFractionDigits: digits });
      this.numbers.set(digits, format);
    }
    return format.format(value);
  }

  /** A cell as text: 'display' for reading (PDF), 'data' for a spreadsheet or a program (CSV). */
  text(kind: ColumnKind, value: unknown, mode: 'display' | 'data'): string {
    if (value === null || value === undefined) return '';
    const p = this.preferences;
    switch (kind) {
      case 'time': {
        const date = asDate(value);
        if (!date) return asText(value);
        return mode === 'display' ? this.displayTime(date) : this.dataTime(date);
      }
      case 'duration': {
        const ms = asNumber(value);
        return ms === null ? asText(value) : formatDuration(ms);
      }
      case 'latitude':
      case 'longitude': {
        const degrees = asNumber(value);
        if (degrees === null) return asText(value);
        if (mode === 'data' && p.coordinateFormat === 'dd') return degrees.toFixed(6);
        return formatCoordinate(degrees, kind === 'latitude' ? 'lat' : 'lon', p.coordinateFormat);
      }
      case 'coordinates':
      case 'place': {
        const pair = asPair(value);
        return pair ? formatLatLon(pair[0], pair[1], p.coordinateFormat) : asText(value);
      }
      case 'boolean':
        if (typeof value !== 'boolean') return asText(value);
        return mode === 'display' ? (value ? this.texts.yes : this.texts.no) : String(value);
      case 'text':
        return asText(value);
      default: {
        const n = asNumber(value);
        if (n === null) return asText(value);
        const converted = convert(kind, n, p);
        const digits = DIGITS[kind] ?? 2;
        return mode === 'display' ? this.number(converted, digits) : String(Number(converted.toFixed(digits)));
      }
    }
  }

  /**
   * A cell as an XLSX value with its number format: times as dates in the reader's zone, durations as days
   * (shown [h]:mm:ss), measures as numbers in the reader's units to three decimals, coordinates as numbers in
   * decimal degrees or as text in the other formats.
   */
  sheet(kind: ColumnKind, value: unknown): { value: string | number | boolean | Date | null; numFmt?: string } {
    if (value === null || value === undefined) return { value: null };
    const p = this.preferences;
    switch (kind) {
      case 'time': {
        const date = asDate(value);
        const clock = p.twelveHour ? 'hh:mm:ss AM/PM' : 'hh:mm:ss';
        return date ? { value: this.wallClock(date), numFmt: `yyyy-mm-dd ${clock}` } : { value: asText(value) };
      }
      case 'duration': {
        const ms = asNumber(value);
        return ms === null ? { value: asText(value) } : { value: ms / DAY_MS, numFmt: '[h]:mm:ss' };
      }
      case 'latitude':
      case 'longitude': {
        const degrees = asNumber(value);
        if (degrees !== null && p.coordinateFormat === 'dd') return { value: degrees };
        return { value: this.text(kind, value, 'display') };
      }
      case 'coordinates':
      case 'place':
      case 'text':
        return { value: this.text(kind, value, 'display') };
      case 'boolean':
        return typeof value === 'boolean' ? { value } : { value: asText(value) };
      default: {
        const n = asNumber(value);
        if (n === null) return { value: asText(value) };
        if (kind === 'number') return { value: n };
        // rounded rather than given a number format: every styled cell costs exceljs a style lookup, which was a
        // fifth of a long export's time
        return { value: Number(convert(kind, n, p).toFixed(SHEET_DIGITS)) };
      }
    }
  }
}
