import { isoTimeOf } from '../../codec/dates';
import type { PositionDraft } from '../../codec/position-builder';
import { newPosition, newPositionAt, setAttribute, setLocation } from '../../codec/position-builder';

/**
 * The NMEA 0183 sentences (and their vendor kin) that T55-style trackers send, one parser each. A parser gets the
 * sentence's fields (header first, checksum cut off) and returns a position, or null when a field does not have
 * the form the sentence defines.
 */

/** `ddmm.mmmm` (latitude, `degreeDigits` 2) or `dddmm.mmmm` (longitude, 3) with its hemisphere; null when malformed. */
export function nmeaCoordinate(text: string, hemisphere: string, degreeDigits: number | 'any'): number | null {
  const match = /^(\d+)(\d\d\.\d+|\d\d)$/.exec(text);
  if (!match) return null;
  const degrees = match[1] as string;
  if (degreeDigits !== 'any' && degrees.length !== degreeDigits) return null;
  const value = Number(degrees) + Number(match[2]) / 60;
  if (hemisphere === 'S' || hemisphere === 'W') return -value;
  return hemisphere === 'N' || hemisphere === 'E' ? value : null;
}

/** `hhmmss[.sss]` as [hours, minutes, seconds] (fractions dropped, as the devices' second precision). */
export function nmeaTime(text: string): [number, number, number] | null {
  const match = /^(\d\d)(\d\d)(\d\d)(?:\.\d*)?$/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** `ddmmyy` as [year, month, day]. */
export function nmeaDate(text: string): [number, number, number] | null {
  const match = /^(\d\d)(\d\d)(\d\d)$/.exec(text);
  return match ? [Number(match[3]), Number(match[2]), Number(match[1])] : null;
}

const numberOr = (text: string | undefined, fallback: number): number => {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`not a number: ${text}`);
  return value;
};

/**
 * RMC (recommended minimum): time, status A/V, latitude, longitude, speed (knots), course, date. Some trackers
 * append, after the checksum, `,<satellites>,<imei>,<ignition 0|1>,<fuel %>,<battery %>`.
 */
export function parseRmc(fields: string[], tail: string[]): { position: PositionDraft; uniqueId?: string } | null {
  const [, timeText, status, lat, ns, lon, ew, speed, course, dateText] = fields;
  const time = nmeaTime(timeText ?? '');
  const date = nmeaDate(dateText ?? '');
  const latitude = nmeaCoordinate(lat ?? '', ns ?? '', 2);
  const longitude = nmeaCoordinate(lon ?? '', ew ?? '', 3);
  if (!time || !date || latitude === null || longitude === null || (status !== 'A' && status !== 'V')) return null;
  const position = newPosition();
  const iso = isoTimeOf(date[0], date[1], date[2], time[0], time[1], time[2]);
  position.fixTime = iso;
  position.deviceTime = iso;
  setLocation(position, latitude, longitude);
  position.valid = status === 'A';
  position.speed = numberOr(speed, 0);
  position.course = numberOr(course, 0);
  let uniqueId: string | undefined;
  if (tail.length >= 5 && /^\d+$/.test(tail[1] ?? '')) {
    const [sat, imei, ignition, fuel, battery] = tail as [string, string, string, string, string];
    setAttribute(position, 'sat', Number.parseInt(sat, 10));
    uniqueId = imei;
    setAttribute(position, 'ignition', ignition === '1');
    setAttribute(position, 'fuel', Number.parseInt(fuel, 10));
    setAttribute(position, 'battery', Number.parseInt(battery, 10));
  }
  return uniqueId ? { position, uniqueId } : { position };
}

/** GGA (fix data): time (today's date), latitude, longitude, fix quality, satellites, HDOP, altitude. */
export function parseGga(fields: string[], now: Date): PositionDraft | null {
  const [, timeText, lat, ns, lon, ew, quality, sat, hdop, altitude] = fields;
  const time = nmeaTime(timeText ?? '');
  const latitude = nmeaCoordinate(lat ?? '', ns ?? '', 'any');
  const longitude = nmeaCoordinate(lon ?? '', ew ?? '', 'any');
  if (!time || latitude === null || longitude === null || !/^\d$/.test(quality ?? '')) return null;
  const position = stampedToday(now, time);
  setLocation(position, latitude, longitude);
  position.valid = quality !== '0';
  if (/^\d+$/.test(sat ?? '')) setAttribute(position, 'sat', Number(sat));
  setAttribute(position, 'hdop', numberOr(hdop, Number.NaN));
  position.altitude = numberOr(altitude, 0);
  return position;
}

/** GLL (geographic position): latitude, longitude, time (today's date), status. */
export function parseGll(fields: string[], now: Date): PositionDraft | null {
  const [, lat, ns, lon, ew, timeText, status] = fields;
  const time = nmeaTime(timeText ?? '');
  const latitude = nmeaCoordinate(lat ?? '', ns ?? '', 'any');
  const longitude = nmeaCoordinate(lon ?? '', ew ?? '', 'any');
  if (!time || latitude === null || longitude === null || (status !== 'A' && status !== 'V')) return null;
  const position = stampedToday(now, time);
  setLocation(position, latitude, longitude);
  position.valid = status === 'A';
  return position;
}

function stampedToday(now: Date, [hour, minute, second]: [number, number, number]): PositionDraft {
  const position = newPosition();
  const iso = isoTimeOf(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate(), hour, minute, second);
  position.fixTime = iso;
  position.deviceTime = iso;
  return position;
}

/** `$GPTXT,NET,<id>,<operator>,<rssi>,<mcc> <mnc>`: the network the modem is on (no location). */
export function parseNetworkText(fields: string[]): PositionDraft | null {
  const [, kind, , operator, rssi, cell] = fields;
  if (kind !== 'NET') return null;
  const position = newPositionAt();
  setAttribute(position, 'operator', operator);
  if (/^-?\d+$/.test(rssi ?? '')) setAttribute(position, 'rssi', Number(rssi));
  const mccMnc = /^(\d+) (\d+)$/.exec(cell ?? '');
  if (mccMnc) {
    setAttribute(position, 'mcc', Number(mccMnc[1]));
    setAttribute(position, 'mnc', Number(mccMnc[2]));
  }
  return position;
}

/** `$GPIOP,<inputs>,<outputs>,<adc1..4>,<power V>,<battery V>`: I/O state (no location). */
export function parseIo(fields: string[]): PositionDraft | null {
  if (fields.length < 9) return null;
  const power = numberOr(fields[7], Number.NaN);
  const battery = numberOr(fields[8], Number.NaN);
  const position = newPositionAt();
  setAttribute(position, 'power', power);
  setAttribute(position, 'battery', battery);
  return position;
}

/** `$TRCCR,<yyyyMMddHHmmss.SSS>,<A|V>,<lat>,<lon>,<speed>,<course>,<altitude>,<battery>`: decimal degrees. */
export function parseTrccr(fields: string[]): PositionDraft | null {
  const [, stamp, status, lat, lon, speed, course, altitude, battery] = fields;
  const time = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(?:\.\d+)?$/.exec(stamp ?? '');
  if (!time || (status !== 'A' && status !== 'V')) return null;
  const position = newPosition();
  const iso = isoTimeOf(
    Number(time[1]),
    Number(time[2]),
    Number(time[3]),
    Number(time[4]),
    Number(time[5]),
    Number(time[6]),
  );
  position.fixTime = iso;
  position.deviceTime = iso;
  setLocation(position, numberOr(lat, Number.NaN), numberOr(lon, Number.NaN));
  position.valid = status === 'A';
  position.speed = numberOr(speed, 0);
  position.course = numberOr(course, 0);
  position.altitude = numberOr(altitude, 0);
  setAttribute(position, 'battery', numberOr(battery, Number.NaN));
  return position;
}

/**
 * WMCS `$ID,<imei>,<n>,<model>,…` report: tagged fields (`GPSEX,A`, `D,ddmmyy`, `T,hhmmss`, `S,visible:used`,
 * `La,<deg>,N`, `Lo,<deg>,E`, `DD,<distance>`).
 */
export function parseWmcs(fields: string[]): { position: PositionDraft; uniqueId: string } | null {
  const uniqueId = fields[1];
  if (!uniqueId) return null;
  const tag = (name: string) => {
    const at = fields.indexOf(name, 2);
    return at < 0 ? undefined : fields[at + 1];
  };
  const date = nmeaDate(tag('D') ?? '');
  const time = nmeaTime(tag('T') ?? '');
  const latAt = fields.indexOf('La', 2);
  const lonAt = fields.indexOf('Lo', 2);
  if (!date || !time || latAt < 0 || lonAt < 0) return null;
  const sign = (hemisphere: string | undefined) => (hemisphere === 'S' || hemisphere === 'W' ? -1 : 1);
  const position = newPosition();
  const iso = isoTimeOf(date[0], date[1], date[2], time[0], time[1], time[2]);
  position.fixTime = iso;
  position.deviceTime = iso;
  setLocation(
    position,
    numberOr(fields[latAt + 1], Number.NaN) * sign(fields[latAt + 2]),
    numberOr(fields[lonAt + 1], Number.NaN) * sign(fields[lonAt + 2]),
  );
  position.valid = tag('GPSEX') === 'A';
  const satellites = /^(\d+):(\d+)$/.exec(tag('S') ?? '');
  if (satellites) {
    setAttribute(position, 'satVisible', Number(satellites[1]));
    setAttribute(position, 'sat', Number(satellites[2]));
  }
  setAttribute(position, 'totalDistance', numberOr(tag('DD'), Number.NaN));
  return { position, uniqueId };
}
