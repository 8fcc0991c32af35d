import type { PositionAttributes } from '@waymark/contracts/position';
import type { DecodedPosition } from '../protocol.types';
import { putTypeExtras } from './gl200-event';
import type { Fix, Gl200Text } from './gl200-text';
import {
  afterName,
  findLocation,
  hourMeter,
  int,
  isLocationAt,
  isVin,
  num,
  positionFromFix,
  put,
  putDeviceStatus,
  RE_DECIMAL,
  RE_INT,
  RE_STATUS,
  readFix,
} from './gl200-text';

/** Messages with the fixed-report layout (Traccar tries its FRI decoder on them first). */
export const FRI_TYPES = new Set(['FRI', 'GEO', 'SPD', 'SOS', 'RTL', 'PNL', 'DIS', 'DOG', 'IGL', 'HBM', 'STR', 'CTN']);

/**
 * Fixed reports and their relatives: `<name>,<power>,<report id/type>,<number>,<number × location block>,
 * <mileage>,<hour meter>,<analog inputs…>,<battery %>,<device status>,…`. Asset trackers (GL) shorten the tail to
 * `<battery %>` and some put battery or motion fields before the blocks. One position per location block; the
 * tail's values go on the last one. Like Traccar these positions carry no cell network and take the fix time as
 * device time.
 *
 * Returns null when the message does not have this layout (then it is decoded as a generic report, as Traccar
 * falls back): header fields that are not integers, a tail that is only a mileage, or a time inside the tail.
 */
export function decodeFriFamily(message: Gl200Text): DecodedPosition[] | null {
  const { fields, end, type } = message;
  const vin = isVin(fields[3]) ? fields[3] : undefined;
  const first = afterName(message);
  const at = findLocation(fields, first, end);
  if (at < 0) return null;
  const header = fields.slice(first, at);
  if (!header.every((f) => f === '' || RE_INT.test(f))) return null;

  const head: PositionAttributes = {};
  let count = 1;
  if (header.length === 3) {
    const [power = '', , number = ''] = header;
    if (/^\d{4,5}$/.test(power)) put(head, 'power', Number(power) / 1000);
    count = int(number) ?? 1;
  } else if (header.length === 5 && header[3] === '') {
    // GL530: <reserved>,<report id>,<report type>,<reserved>,<battery %> before a single block.
    put(head, 'batteryLevel', int(header[4]));
  } else if (header.length === 5) {
    // GL300W: <reserved>,<report id>,<motion>,<charging>,<number>.
    head.motion = header[2] === '1';
    head.charge = header[3] === '1';
    count = int(header[4]) ?? 1;
  } else {
    return null;
  }

  const fixes: Fix[] = [];
  let next = at;
  for (let i = 0; i < Math.max(1, Math.min(count, 64)); i++) {
    if (i > 0 && !isLocationAt(fields, next, end)) break;
    const fix = readFix(fields, next, end);
    fixes.push(fix);
    next = fix.next;
  }
  const tail = fields.slice(next, end);
  if (tail.some((f) => /^\d{14}$/.test(f))) return null;
  if (tail.length === 1 && RE_DECIMAL.test(tail[0] as string)) return null;

  const positions = fixes.map((fix) => {
    const position = positionFromFix(fix, { network: false, deviceTime: 'fix' });
    put(position.attributes, 'vin', vin);
    put(position.attributes, 'hdop', fix.hdop);
    put(position.attributes, 'sat', fix.sat);
    return position;
  });
  const last = positions[positions.length - 1] as DecodedPosition;
  Object.assign(last.attributes, head);
  decodeFriTail(last.attributes, tail);
  putTypeExtras(last.attributes, type, header.length === 3 ? header : []);
  last.attributes.type = type;
  for (const position of positions) position.attributes.type = type;
  return positions;
}

/** The fields after the location blocks. */
function decodeFriTail(attributes: PositionAttributes, tail: string[]): void {
  const status = tail.findIndex((f, i) => i >= 1 && RE_STATUS.test(f));
  if (status >= 0 || tail.length >= 9) {
    // <mileage>,<hour meter>,<analog inputs…>,<battery %>,<device status>,<rpm>,<fuel consumption>,<fuel level>
    const s = status >= 0 ? status : 5;
    if (RE_DECIMAL.test(tail[0] ?? '')) put(attributes, 'odometer', Number(tail[0]) * 1000);
    put(attributes, 'hours', hourMeter(tail[1]));
    for (let i = 2; i < s - 1 && i < 5; i++) put(attributes, `adc${i - 1}`, tail[i]);
    putBattery(attributes, tail[s - 1]);
    if (RE_STATUS.test(tail[s] ?? '')) putDeviceStatus(attributes, tail[s] as string);
    put(attributes, 'rpm', int(tail[s + 1]));
    put(attributes, 'fuel', int(tail[s + 3]));
  } else if (tail.length === 1) {
    putBattery(attributes, tail[0]);
  } else if (tail.length === 2) {
    // GL300W: <CSQ RSSI>,<battery %>
    if (/^\d{1,2}$/.test(tail[0] ?? '') && /^\d{1,3}$/.test(tail[1] ?? '')) {
      put(attributes, 'rssi', int(tail[0]));
      putBattery(attributes, tail[1]);
    }
  } else if (tail.length >= 3) {
    putBattery(attributes, tail[2]);
  }
}

function putBattery(attributes: PositionAttributes, text: string | undefined): void {
  const level = /^\d{1,3}$/.test(text ?? '') ? num(text) : undefined;
  if (level !== undefined && level <= 100) attributes.batteryLevel = level;
}
