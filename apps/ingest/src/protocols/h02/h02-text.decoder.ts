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

/**
 * Text messages of the H02 protocol: `*XX,<id>,<type>,<fields>#` (XX is the maker, usually HQ). Location reports
 * (V1 and its kin) carry time, validity, coordinates, speed in knots, course, date and a 32-bit status word of
 * active-low flags; NBR/V3 list cell towers, LINK and HTBT are status heartbeats, V4 and SMS replies carry a result.
 */

export interface H02TextResult {
  uniqueId?: string;
  position?: PositionDraft;
  ack?: string;
}

const LOCATION = new RegExp(
  [
    '^\\*..,',
    '(\\d+)?,', // id
    '(?:V4,(.*),|(V[^,]*),)', // reply text | message type
    '(?:(\\d\\d)(\\d\\d)(\\d\\d))?,', // time hhmmss
    '(?:([ABV])?,|(\\d+),)', // validity | coding scheme
    '(?:-(\\d+)-(\\d+\\.\\d+),([NS]),|(\\d*)(\\d\\d\\.\\d+),([NS]),|(\\d+)(\\d\\d)(\\d{4}),([NS]),)', // latitude
    '(?:-(\\d+)-(\\d+\\.\\d+),([EW]),|(\\d*)(\\d\\d\\.\\d+),([EW]),|(\\d+)(\\d\\d)(\\d{4}),([EW]),)', // longitude
    ' *(\\d+\\.?\\d*),', // speed
    '(\\d+\\.?\\d*)?,', // course
    '(?:\\d+,)?', // battery
    '(?:(\\d\\d)(\\d\\d)(\\d\\d))?', // date ddmmyy
    '(?:,[^,]*,[^,]*,[^,]*)?', // SIM information
    '(?:,([0-9a-fA-F]{8})', // status
    '(?:,(\\d+),(-?\\d+),(\\d+\\.\\d+),(-?\\d+),([0-9a-fA-F]+),([0-9a-fA-F]+)|,(.*)|)|)', // odometer … cid | data
    '#$',
  ].join(''),
  's',
);

const NBR =
  /^\*..,(\d+),NBR,(\d\d)(\d\d)(\d\d),(\d+),(\d+),\d+,\d+,((?:\d+,\d+,-?\d+,)+)(\d\d)(\d\d)(\d\d),([0-9a-fA-F]{8}).*$/s;
const LINK =
  /^\*..,(\d+),LINK,(\d\d)(\d\d)(\d\d),(\d+),(\d+),(\d+),(\d+),(\d+),(\d\d)(\d\d)(\d\d),([0-9a-fA-F]{8}).*$/s;
const V3 =
  /^\*..,(\d+),V3,(\d\d)(\d\d)(\d\d),(\d{3})(\d+),(\d+),(.*),([0-9a-fA-F]{4}),\d+,X,(\d\d)(\d\d)(\d\d),([0-9a-fA-F]{8})#?$/s;
const VP1 =
  /^\*hq,(\d{15}),VP1,(?:V,(\d+),(\d+),([^#]+)|[AB],(\d+)(\d\d\.\d+),([NS]),(\d+)(\d\d\.\d+),([EW]),(\d+\.\d+),(\d+\.\d+),(\d\d)(\d\d)(\d\d)).*$/s;
const HTBT = /^\*HQ,(\d{15}),HTBT,(\d+).*$/s;
const SMS = /^\*HQ,(\d+),SMS,(.+)#$/s;

/** yyyyMMddHHmmss / HHmmss in UTC, as replies carry them. */
const stamp = (now: Date) => now.toISOString().replace(/[-:T]/g, '').substring(0, 14);

/** The 32-bit status word: flags are active low. */
export function applyStatus(position: PositionDraft, status: number): void {
  const bit = (n: number) => Math.floor(status / 2 ** n) % 2 === 1;
  if (!bit(0)) addAlarm(position, 'vibration');
  else if (!bit(1) || !bit(18)) addAlarm(position, 'sos');
  else if (!bit(2)) addAlarm(position, 'overspeed');
  else if (!bit(19)) addAlarm(position, 'powerCut');
  setAttribute(position, 'ignition', bit(10));
  setAttribute(position, 'status', status);
}

/** Degrees, minutes and hemisphere (S and W are negative). */
function coordinate(degrees: number, minutes: number, hemisphere: string | undefined): number {
  const value = degrees + minutes / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -Math.abs(value) : value;
}

function nextCoordinate(cursor: GroupCursor): number {
  return coordinate(cursor.nextInt(0), cursor.nextDouble(0), cursor.next());
}

/** Degrees, whole minutes and the minutes' fraction as separate digits (ddmmffff). */
function nextSplitCoordinate(cursor: GroupCursor): number {
  const degrees = cursor.nextInt(0);
  const minutes = Number(`${cursor.next()}.${cursor.next()}`);
  return coordinate(degrees, minutes, cursor.next());
}

export function decodeH02Text(sentence: string, now: Date): H02TextResult | null {
  const first = sentence.indexOf(',');
  const typeStart = sentence.indexOf(',', first + 1) + 1;
  let typeEnd = sentence.indexOf(',', typeStart);
  if (typeEnd < 0) typeEnd = sentence.indexOf('#', typeStart);
  if (typeEnd <= 0) return null;
  switch (sentence.substring(typeStart, typeEnd)) {
    case 'V0':
    case 'HTBT': {
      const result = decodeHeartbeat(sentence) ?? {};
      return { ...result, ack: `${sentence.substring(0, typeEnd)}#` };
    }
    case 'NBR':
      return decodeNeighbours(sentence, now);
    case 'LINK':
      return decodeLink(sentence);
    case 'V3':
      return decodeV3(sentence);
    case 'VP1':
      return decodeVp1(sentence);
    case 'SMS':
      return decodeSms(sentence);
    default:
      return decodeLocation(sentence, now);
  }
}

function decodeLocation(sentence: string, now: Date): H02TextResult | null {
  const match = LOCATION.exec(sentence);
  if (!match) return null;
  const cursor = new GroupCursor(match);
  const id = cursor.next();
  const position = newPosition();
  const result: H02TextResult = { position };
  if (id) result.uniqueId = id;

  if (cursor.hasNext()) setAttribute(position, 'result', cursor.next());
  if (cursor.hasNext() && cursor.next() === 'V1' && id) result.ack = `*HQ,${id},V4,V1,${stamp(now)}#`;

  let time: [number, number, number] = [0, 0, 0];
  if (cursor.hasNext(3)) time = [cursor.nextInt(0), cursor.nextInt(0), cursor.nextInt(0)];

  if (cursor.hasNext()) position.valid = cursor.next() === 'A';
  if (cursor.hasNext()) {
    cursor.nextInt(); // coding scheme
    position.valid = true;
  }

  if (cursor.hasNext(3)) position.latitude = nextCoordinate(cursor);
  if (cursor.hasNextAny(3)) position.latitude = nextCoordinate(cursor);
  if (cursor.hasNext(4)) position.latitude = nextSplitCoordinate(cursor);
  if (cursor.hasNext(3)) position.longitude = nextCoordinate(cursor);
  if (cursor.hasNextAny(3)) position.longitude = nextCoordinate(cursor);
  if (cursor.hasNext(4)) position.longitude = nextSplitCoordinate(cursor);

  position.speed = cursor.nextDouble(0);
  position.course = cursor.nextDouble(0);

  if (cursor.hasNext(3)) {
    const [day, month, year] = [cursor.nextInt(0), cursor.nextInt(0), cursor.nextInt(0)];
    setTime(position, utcDate(year, month, day, ...time));
  } else {
    setTime(position, now); // no date in the message: Traccar stamps it with the time of arrival
  }

  if (cursor.hasNext()) applyStatus(position, cursor.nextHex(0));

  if (cursor.hasNext(6)) {
    setAttribute(position, 'odometer', cursor.nextInt(0));
    setAttribute(position, 'temp1', cursor.nextInt(0));
    setAttribute(position, 'fuel', cursor.nextDouble(0));
    position.altitude = cursor.nextInt(0);
    addCellTower(position, cellTower(0, 0, cursor.nextHex(0), cursor.nextHex(0)));
  }

  if (cursor.hasNext()) {
    (cursor.next() as string).split(',').forEach((value, i) => {
      setAttribute(position, `io${i + 1}`, value.trim());
    });
  }
  return result;
}

function decodeNeighbours(sentence: string, now: Date): H02TextResult | null {
  const match = NBR.exec(sentence);
  if (!match) return null;
  const cursor = new GroupCursor(match);
  const id = cursor.next() as string;
  const position = newPosition();
  const time: [number, number, number] = [cursor.nextInt(0), cursor.nextInt(0), cursor.nextInt(0)];
  const mcc = cursor.nextInt(0);
  const mnc = cursor.nextInt(0);
  const cells = (cursor.next() as string).split(',');
  for (let i = 0; i + 2 < cells.length; i += 3) {
    const rssi = Number(cells[i + 2]);
    addCellTower(position, cellTower(mcc, mnc, Number(cells[i]), Number(cells[i + 1]), -Math.abs(rssi)));
  }
  const [day, month, year] = [cursor.nextInt(0), cursor.nextInt(0), cursor.nextInt(0)];
  markOutdated(position, utcDate(year, month, day, ...time));
  applyStatus(position, cursor.nextHex(0));
  return { uniqueId: id, position, ack: `*HQ,${id},V4,NBR,${stamp(now)}#` };
}

function decodeLink(sentence: string): H02TextResult | null {
  const match = LINK.exec(sentence);
  if (!match) return null;
  const cursor = new GroupCursor(match);
  const id = cursor.next() as string;
  const position = newPosition();
  const time: [number, number, number] = [cursor.nextInt(0), cursor.nextInt(0), cursor.nextInt(0)];
  setAttribute(position, 'rssi', cursor.nextInt());
  setAttribute(position, 'sat', cursor.nextInt());
  setAttribute(position, 'batteryLevel', cursor.nextInt());
  setAttribute(position, 'steps', cursor.nextInt());
  setAttribute(position, 'turnovers', cursor.nextInt());
  const [day, month, year] = [cursor.nextInt(0), cursor.nextInt(0), cursor.nextInt(0)];
  markOutdated(position, utcDate(year, month, day, ...time));
  applyStatus(position, cursor.nextHex(0));
  return { uniqueId: id, position };
}

function decodeV3(sentence: string): H02TextResult | null {
  const match = V3.exec(sentence);
  if (!match) return null;
  const cursor = new GroupCursor(match);
  const id = cursor.next() as string;
  const position = newPosition();
  const time: [number, number, number] = [cursor.nextInt(0), cursor.nextInt(0), cursor.nextInt(0)];
  const mcc = cursor.nextInt(0);
  const mnc = cursor.nextInt(0);
  const count = cursor.nextInt(0);
  const values = (cursor.next() as string).split(',');
  for (let i = 0; i < count; i++) {
    const lac = values[i * 4];
    const cid = values[i * 4 + 1];
    if (lac === undefined || cid === undefined || !/^\d+$/.test(lac) || !/^\d+$/.test(cid)) {
      throw new Error('h02: V3 cell list shorter than its count');
    }
    addCellTower(position, cellTower(mcc, mnc, Number(lac), Number(cid)));
  }
  position.network ??= { radioType: 'gsm', considerIp: false };
  setAttribute(position, 'battery', cursor.nextHex());
  const [day, month, year] = [cursor.nextInt(0), cursor.nextInt(0), cursor.nextInt(0)];
  markOutdated(position, utcDate(year, month, day, ...time));
  applyStatus(position, cursor.nextHex(0));
  return { uniqueId: id, position };
}

function decodeVp1(sentence: string): H02TextResult | null {
  const match = VP1.exec(sentence);
  if (!match) return null;
  const cursor = new GroupCursor(match);
  const id = cursor.next() as string;
  const position = newPosition();
  if (cursor.hasNext(3)) {
    markOutdated(position);
    const mcc = cursor.nextInt(0);
    const mnc = cursor.nextInt(0);
    for (const cell of (cursor.next() as string).split('Y')) {
      const [lac, cid, rssi] = cell.split(',').map(Number);
      if (![lac, cid, rssi].every((v) => Number.isInteger(v))) throw new Error('h02: bad VP1 cell');
      addCellTower(position, cellTower(mcc, mnc, lac as number, cid as number, -Math.abs(rssi as number)));
    }
  } else {
    position.valid = true;
    position.latitude = nextCoordinate(cursor);
    position.longitude = nextCoordinate(cursor);
    position.speed = cursor.nextDouble(0);
    position.course = cursor.nextDouble(0);
    const [day, month, year] = [cursor.nextInt(0), cursor.nextInt(0), cursor.nextInt(0)];
    setTime(position, utcDate(year, month, day));
  }
  return { uniqueId: id, position };
}

function decodeHeartbeat(sentence: string): H02TextResult | null {
  const match = HTBT.exec(sentence);
  if (!match) return null;
  const position = newPosition();
  markOutdated(position);
  setAttribute(position, 'batteryLevel', Number(match[2]));
  return { uniqueId: match[1] as string, position };
}

function decodeSms(sentence: string): H02TextResult | null {
  const match = SMS.exec(sentence);
  if (!match) return null;
  const position = newPosition();
  markOutdated(position);
  setAttribute(position, 'result', match[2]);
  return { uniqueId: match[1] as string, position };
}
