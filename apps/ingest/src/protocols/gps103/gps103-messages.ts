import { utcDate } from '../../codec/dates';
import { addCellTower, cellTower } from '../../codec/network';
import { GroupCursor } from '../../codec/pattern-parser';
import {
  addAlarm,
  markOutdated,
  newPosition,
  type PositionDraft,
  setAttribute,
  setTime,
} from '../../codec/position-builder';
import { knotsFromKph, parseJavaDouble } from '../../codec/units';

/** The three sentence layouts of the GPS103 (Xexun / TK102-like) protocol. */

const REGULAR = new RegExp(
  [
    '^imei:(\\d+),', // IMEI
    '([^,]*),', // alarm / event keyword
    '(?:(\\d\\d)\\/?(\\d\\d)\\/?(\\d\\d) ?(\\d\\d):?(\\d\\d)(?:\\d\\d)?,|\\d*,)', // local date and time
    '([^,]+)?,', // RFID / phone
    '(?:L,(?:,,([0-9a-fA-F]+),,([0-9a-fA-F]+),,,)?', // no fix: LAC, CID
    '|F,(?:(\\d\\d)(\\d\\d)(\\d\\d)(?:\\.\\d+)?|(?:\\d{1,5}\\.\\d+)?),', // fix: UTC time
    '([AV]),', // validity
    '(?:([NS]),)?(\\d+)(\\d\\d\\.\\d+),(?:([NS]),)?', // latitude ddmm.mmmm
    '(?:([EW]),)?(\\d+)(\\d\\d\\.\\d+),(?:([EW])?,)?', // longitude dddmm.mmmm
    '(?:(\\d+\\.?\\d*)?)?', // speed (knots)
    '(?:,(\\d+\\.?\\d*)?)?', // course
    '(?:,(-?\\d+\\.?\\d*)?)?', // altitude
    '(?:,([01])?)?', // ignition
    '(?:,([01])?)?', // door
    '(?:,(?:(\\d+\\.\\d+)%)?,(?:(\\d+\\.\\d+)%|\\d+)?)?', // fuel 1, fuel 2
    '(?:,([-+]?\\d+)?)?', // temperature
    ')',
    '.*$',
  ].join(''),
  's',
);

const OBD =
  /^imei:(\d+),OBD,(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d),(\d+)?,(\d+\.\d+)?,(\d+\.\d+)?,(\d+)?,(\d+),(\d+\.?\d*%),(?:([-+]?\d+)|[-+]?),(\d+\.?\d*%),(\d+),(\d+\.\d+),([^;]*).*$/s;

const ALTERNATIVE =
  /^imei:(\d+),[^,]+,(?:-+|(.+)),(?:-+|(.+)),(?:-+|(.+)),(\d\d)(\d\d)(\d\d),(\d\d)(\d\d)(\d\d),(\d+),(\d),(-?\d+\.\d+),(-?\d+\.\d+),(\d+),(\d+),(-?\d+),(\d+\.\d+),(\d+),([01]),([01]),(?:-+|(.+)).*$/s;

export interface Gps103Decoded {
  uniqueId: string;
  position: PositionDraft;
  ack?: string;
}

const ALARMS: Record<string, string> = {
  'help me': 'sos',
  'low battery': 'lowBattery',
  stockade: 'geofence',
  move: 'movement',
  speed: 'overspeed',
  'door alarm': 'door',
  'ac alarm': 'powerCut',
  'accident alarm': 'accident',
  'sensor alarm': 'vibration',
  'bonnet alarm': 'bonnet',
  'footbrake alarm': 'footBrake',
  DTC: 'fault',
};

function alarmOf(keyword: string): string | undefined {
  if (keyword.startsWith('T:')) return 'temperature';
  if (keyword.startsWith('oil')) return 'fuelLeak';
  return ALARMS[keyword];
}

/** Hemisphere, degrees, minutes, and a hemisphere again when it is written after the value. */
function coordinate(cursor: GroupCursor): number {
  let hemisphere = cursor.next();
  let value = cursor.nextInt(0);
  value += cursor.nextDouble(0) / 60;
  if (cursor.hasNext()) hemisphere = cursor.next();
  return hemisphere === 'S' || hemisphere === 'W' ? -Math.abs(value) : value;
}

export function decodeRegular(sentence: string): Gps103Decoded | null {
  const match = REGULAR.exec(sentence);
  if (!match) return null;
  const cursor = new GroupCursor(match);
  const uniqueId = cursor.next() as string;
  const position = newPosition();
  const result: Gps103Decoded = { uniqueId, position };

  const keyword = cursor.next() ?? '';
  addAlarm(position, alarmOf(keyword));
  if (keyword === 'help me') result.ack = `**,imei:${uniqueId},E;`;
  else if (keyword.startsWith('vt')) {
    // photo announcement: photos are not supported
  } else if (keyword === 'acc on') setAttribute(position, 'ignition', true);
  else if (keyword === 'acc off') setAttribute(position, 'ignition', false);
  else if (keyword.startsWith('T:')) setAttribute(position, 'temp1', parseJavaDouble(keyword.substring(2)));
  else if (keyword.startsWith('oil ')) setAttribute(position, 'fuel', parseJavaDouble(keyword.substring(4)));
  else if (position.attributes.alarm === undefined && keyword !== 'tracker') setAttribute(position, 'event', keyword);

  const [year, month, day] = [cursor.nextInt(0), cursor.nextInt(0), cursor.nextInt(0)];
  const localHours = cursor.nextInt(0);
  const localMinutes = cursor.nextInt(0);

  const rfid = cursor.next();
  if (keyword === 'rfid') setAttribute(position, 'driverUniqueId', rfid);

  if (cursor.hasNext(2)) addCellTower(position, cellTower(0, 0, cursor.nextHex(0), cursor.nextHex(0)));

  if (!cursor.hasNextAny(20)) {
    markOutdated(position);
    return result;
  }

  // The header carries the local date and time, the fix its UTC time: the difference is the device's offset.
  const utcHours = cursor.next();
  const utcMinutes = cursor.next();
  let time = utcDate(year, month, day, localHours, localMinutes, cursor.nextInt(0));
  if (utcHours !== undefined && utcMinutes !== undefined) {
    let delta = (localHours - Number(utcHours)) * 60 + localMinutes - Number(utcMinutes);
    if (delta <= -12 * 60) delta += 24 * 60;
    else if (delta > 12 * 60) delta -= 24 * 60;
    time = new Date(time.getTime() - delta * 60_000);
  }
  setTime(position, time);
  position.valid = cursor.next() === 'A';
  position.latitude = coordinate(cursor);
  position.longitude = coordinate(cursor);
  position.speed = cursor.nextDouble(0);
  position.course = cursor.nextDouble(0);
  position.altitude = cursor.nextDouble(0);
  if (cursor.hasNext()) setAttribute(position, 'ignition', cursor.nextInt() === 1);
  if (cursor.hasNext()) setAttribute(position, 'door', cursor.nextInt() === 1);
  setAttribute(position, 'fuel1', cursor.nextDouble());
  setAttribute(position, 'fuel2', cursor.nextDouble());
  setAttribute(position, 'temp1', cursor.nextInt());
  return result;
}

export function decodeObd(sentence: string): Gps103Decoded | null {
  const match = OBD.exec(sentence);
  if (!match) return null;
  const cursor = new GroupCursor(match);
  const uniqueId = cursor.next() as string;
  const position = newPosition();
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map(() => cursor.nextInt(0)) as number[];
  markOutdated(position, utcDate(y as number, mo as number, d as number, h, mi, s));
  setAttribute(position, 'odometer', cursor.nextInt(0));
  cursor.nextDouble(0); // instant fuel consumption
  setAttribute(position, 'fuelConsumption', cursor.nextDouble(0));
  if (cursor.hasNext()) setAttribute(position, 'hours', cursor.nextInt(0) * 3_600_000);
  setAttribute(position, 'obdSpeed', cursor.nextInt(0));
  setAttribute(position, 'engineLoad', cursor.next());
  setAttribute(position, 'coolantTemp', cursor.nextInt());
  setAttribute(position, 'throttle', cursor.next());
  setAttribute(position, 'rpm', cursor.nextInt(0));
  setAttribute(position, 'battery', cursor.nextDouble(0));
  setAttribute(position, 'dtcs', (cursor.next() ?? '').replaceAll(',', ' ').trim());
  return { uniqueId, position };
}

export function decodeAlternative(sentence: string): Gps103Decoded | null {
  const match = ALTERNATIVE.exec(sentence);
  if (!match) return null;
  const cursor = new GroupCursor(match);
  const uniqueId = cursor.next() as string;
  const position = newPosition();
  setAttribute(position, 'event', cursor.next());
  setAttribute(position, 'sensorId', cursor.next());
  setAttribute(position, 'sensorVoltage', cursor.nextDouble());
  const [h, mi, s, d, mo, y] = [1, 2, 3, 4, 5, 6].map(() => cursor.nextInt(0)) as number[];
  setTime(position, utcDate(y as number, mo as number, d as number, h, mi, s));
  setAttribute(position, 'rssi', cursor.nextInt());
  position.valid = cursor.nextInt(0) > 0;
  position.latitude = cursor.nextDouble(0);
  position.longitude = cursor.nextDouble(0);
  position.speed = knotsFromKph(cursor.nextInt(0));
  position.course = cursor.nextInt(0);
  position.altitude = cursor.nextInt(0);
  setAttribute(position, 'hdop', cursor.nextDouble());
  setAttribute(position, 'sat', cursor.nextInt());
  setAttribute(position, 'ignition', cursor.nextInt(0) > 0);
  setAttribute(position, 'charge', cursor.nextInt(0) > 0);
  setAttribute(position, 'error', cursor.next());
  return { uniqueId, position };
}
