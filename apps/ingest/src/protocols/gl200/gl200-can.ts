import type { PositionAttributes } from '@waymark/contracts/position';
import type { DecodedPosition } from '../protocol.types';
import type { Gl200Text } from './gl200-text';
import { afterName, hex, int, isLocationAt, num, positionFromFix, put, readFix } from './gl200-text';

const stripUnit = (text: string | undefined) => (text ?? '').replace(/^[A-Za-z]+/, '');

/** CAN report mask bits 0–21, one field each, in order. */
const CAN_FIELDS: ((attributes: PositionAttributes, text: string) => void)[] = [
  (a, t) => put(a, 'vin', t),
  (a, t) => {
    if (/^\d$/.test(t)) a.ignition = t !== '0';
  },
  (a, t) => put(a, 'obdOdometer', int(stripUnit(t))),
  (a, t) => put(a, 'fuelUsed', num(t)),
  (a, t) => put(a, 'rpm', int(t)),
  (a, t) => put(a, 'obdSpeed', int(t)),
  (a, t) => put(a, 'coolantTemp', int(t)),
  () => {}, // fuel consumption (L/100 km or km/L, unit-prefixed)
  (a, t) => put(a, 'fuel', num(stripUnit(t))),
  (a, t) => put(a, 'range', int(t) !== undefined ? Number(t) * 100 : undefined),
  (a, t) => put(a, 'throttle', int(t)),
  (a, t) => put(a, 'hours', num(t) !== undefined ? Math.round(Number(t) * 3_600_000) : undefined),
  (a, t) => put(a, 'drivingTime', num(t)),
  (a, t) => put(a, 'idleHours', num(t)),
  (a, t) => put(a, 'idleFuelConsumption', num(t)),
  (a, t) => put(a, 'axleWeight', int(t)),
  (a, t) => put(a, 'tachographInfo', hex(t)),
  (a, t) => put(a, 'indicators', hex(t)),
  (a, t) => put(a, 'lights', hex(t)),
  (a, t) => put(a, 'doors', hex(t)),
  () => {}, // total vehicle overspeed time
  () => {}, // total engine overspeed time
];

/** CAN expansion mask bits with a known meaning; the others are skipped (one field each). */
const EXPANSION_FIELDS: Record<number, (attributes: PositionAttributes, text: string) => void> = {
  0: (a, t) => put(a, 'adBlueLevel', num(stripUnit(t))),
  1: (a, t) => put(a, 'axleWeight1', int(t)),
  15: (a, t) => put(a, 'driver1Card', t),
  16: (a, t) => put(a, 'driver2Card', t),
  17: (a, t) => put(a, 'driver1Name', t),
  18: (a, t) => put(a, 'driver2Name', t),
  19: (a, t) => put(a, 'registration', t),
};

const CAN_EXPANSION = 1 << 29;

/**
 * GTCAN: `<name>,<report type>,<CAN state>,<CAN report mask>`, one field per mask bit 0–21, `<expansion mask>`
 * and its fields when bit 29 is set, then a location block and cell. The location must sit exactly where the masks
 * put it; otherwise the position is outdated (Traccar keeps only the CAN values then). Valid only with a GPS
 * accuracy above 0; no cell network (as Traccar); the send time is the device time.
 */
export function decodeCan(message: Gl200Text): DecodedPosition {
  const { fields, end } = message;
  const first = afterName(message);
  const mask = hex(fields[first + 2]);
  if (mask === undefined) throw new Error('GTCAN without a report mask');
  const attributes: PositionAttributes = {};
  let i = first + 3;
  CAN_FIELDS.forEach((decode, bit) => {
    if (!(mask & (1 << bit))) return;
    const text = fields[i++] ?? '';
    if (text !== '') decode(attributes, text);
  });
  if (mask & CAN_EXPANSION) {
    const expansion = hex(fields[i++]) ?? 0;
    for (let bit = 0; bit < 32; bit++) {
      if (!(expansion & (2 ** bit))) continue;
      const text = fields[i++] ?? '';
      const decode = EXPANSION_FIELDS[bit];
      if (decode && text !== '') decode(attributes, text);
    }
  }
  const fix = isLocationAt(fields, i, end) ? readFix(fields, i, end) : null;
  const position = positionFromFix(fix, {
    network: false,
    deviceTime: message.sendTime,
    valid: (fix?.hdop ?? 0) > 0,
  });
  Object.assign(position.attributes, attributes);
  position.attributes.type = message.type;
  return position;
}

/** OBD report mask bits 0–15 and what each field means (undefined: skipped). */
const OBD_FIELDS: (((attributes: PositionAttributes, text: string) => void) | undefined)[] = [
  (a, t) => put(a, 'vin', t),
  (a, t) => {
    if (/^[01]$/.test(t)) a.odbConnect = t === '1';
  },
  (a, t) => put(a, 'power', int(t) !== undefined ? Number(t) / 1000 : undefined),
  undefined, // supported PIDs
  (a, t) => put(a, 'rpm', int(t)),
  (a, t) => put(a, 'obdSpeed', int(t)),
  (a, t) => put(a, 'temp1', int(t)),
  undefined, // fuel consumption
  (a, t) => put(a, 'dtcsClearedDistance', int(t)),
  undefined, // distance with the MIL on
  undefined, // MIL status
  (a, t) => put(a, 'dtcsNumber', int(t)),
  (a, t) => put(a, 'dtcsCodes', t),
  (a, t) => put(a, 'throttle', int(t)),
  (a, t) => put(a, 'engineLoad', int(t)),
  undefined, // fuel level input
];
const OBD_LOCATION = 1 << 20;
const OBD_CELL = 1 << 21;
const OBD_MILEAGE = 1 << 22;

/**
 * GTOBD: `<name>,<report type>,<OBD report mask>`, one field per mask bit 0–19 (bits 16–19 unnamed), the location
 * block (bit 20), the cell block (bit 21) and the mileage (bit 22). No cell network (as Traccar); the send time is
 * the device time.
 */
export function decodeObd(message: Gl200Text): DecodedPosition {
  const { fields, end } = message;
  const first = afterName(message);
  const mask = hex(fields[first + 1]);
  if (mask === undefined) throw new Error('GTOBD without a report mask');
  const attributes: PositionAttributes = {};
  let i = first + 2;
  for (let bit = 0; bit < 20; bit++) {
    if (!(mask & (1 << bit))) continue;
    const text = fields[i++] ?? '';
    const decode = OBD_FIELDS[bit];
    if (decode && text !== '') decode(attributes, text);
  }
  let fix = null;
  if (mask & OBD_LOCATION && isLocationAt(fields, i, end)) {
    fix = readFix(fields, i, end, false);
    i += 7;
  }
  if (mask & OBD_CELL) i += 5;
  if (mask & OBD_MILEAGE) {
    const km = num(fields[i]);
    if (i < end && km !== undefined) attributes.obdOdometer = Math.round(km * 1000);
  }
  const position = positionFromFix(fix, { network: false, deviceTime: message.sendTime });
  Object.assign(position.attributes, attributes);
  put(position.attributes, 'hdop', fix?.hdop);
  position.attributes.type = message.type;
  return position;
}
