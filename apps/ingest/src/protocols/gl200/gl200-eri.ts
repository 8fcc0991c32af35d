import type { PositionAttributes } from '@waymark/contracts/position';
import type { DecodedPosition } from '../protocol.types';
import type { Fix, Gl200Text } from './gl200-text';
import {
  afterName,
  findLocation,
  hex,
  hourMeter,
  int,
  isLocationAt,
  num,
  positionFromFix,
  put,
  putDeviceStatus,
  RE_DECIMAL,
  RE_STATUS,
  readFix,
} from './gl200-text';

/** GV200 variants report digital inputs and outputs as two hex fields instead of a device-status field. */
const IO_FIELD_MODELS = new Set(['04', '35']);

/**
 * GTERI, the fixed report with extras: `<name>,<ERI mask>,<power mV>,<report id/type>,<number>,<blocks>,<mileage>,
 * <hour meter>,<analog inputs…>,<battery %>,<device status>,<UART device type>,` then per mask bit: 0 digital fuel
 * sensor, 1 one-wire devices (temperature sensors), 2 CAN data, 8 BLE accessories. Positions carry the cell network
 * and the send time as device time; the extras go on the last one.
 */
export function decodeEri(message: Gl200Text): DecodedPosition[] {
  const { fields, end } = message;
  const first = afterName(message);
  const mask = hex(fields[first]) ?? 0;
  const power = fields[first + 1];
  const count = int(fields[first + 3]) ?? 1;
  const at = findLocation(fields, first + 2, end, 4);
  if (at < 0) throw new Error('GTERI without a location block');

  const fixes: Fix[] = [];
  let next = at;
  for (let i = 0; i < Math.max(1, Math.min(count, 64)); i++) {
    if (i > 0 && !isLocationAt(fields, next, end)) break;
    const fix = readFix(fields, next, end);
    fixes.push(fix);
    next = fix.next;
  }
  const positions = fixes.map((fix) => {
    const position = positionFromFix(fix, { network: true, deviceTime: message.sendTime });
    put(position.attributes, 'hdop', fix.hdop);
    put(position.attributes, 'sat', fix.sat);
    return position;
  });
  const attributes = (positions[positions.length - 1] as DecodedPosition).attributes;
  if (/^\d+$/.test(power ?? '')) attributes.power = Number(power) / 1000;
  decodeEriTail(attributes, fields.slice(next, end), mask, message.version.slice(0, 2));
  for (const position of positions) position.attributes.type = message.type;
  return positions;
}

function decodeEriTail(attributes: PositionAttributes, tail: string[], mask: number, model: string): void {
  if (RE_DECIMAL.test(tail[0] ?? '')) attributes.odometer = Number(tail[0]) * 1000;
  put(attributes, 'hours', hourMeter(tail[1]));
  let rest: number;
  if (IO_FIELD_MODELS.has(model)) {
    // <mileage>,<hour meter>,<analog 1>,<analog 2>,<analog 3>,<digital input>,<digital output>
    for (let i = 2; i < 5; i++) putAnalog(attributes, i - 1, tail[i]);
    put(attributes, 'input', hex(tail[5]));
    put(attributes, 'output', hex(tail[6]));
    rest = 7;
  } else {
    const status = tail.findIndex((f, i) => i >= 2 && RE_STATUS.test(f));
    if (status < 0) {
      // Asset trackers: <battery %> only.
      const level = int(tail[0]);
      if (level !== undefined && level <= 100 && !RE_DECIMAL.test(tail[0] ?? '')) attributes.batteryLevel = level;
      return;
    }
    for (let i = 2; i < status - 1 && i < 5; i++) putAnalog(attributes, i - 1, tail[i]);
    const level = /^\d{1,3}$/.test(tail[status - 1] ?? '') ? Number(tail[status - 1]) : undefined;
    if (level !== undefined && level <= 100) attributes.batteryLevel = level;
    putDeviceStatus(attributes, tail[status] as string);
    rest = status + 1;
  }
  decodeEriExtras(attributes, tail.slice(rest), mask);
}

/** An analog input in mV (as volts), or `F<n>`: the input measures a fuel level of n %. */
function putAnalog(attributes: PositionAttributes, index: number, text: string | undefined): void {
  if (!text) return;
  const fuel = /^F(\d+)$/.exec(text);
  if (fuel) attributes[`fuel${index}`] = Number(fuel[1]);
  else put(attributes, `adc${index}`, num(text) !== undefined ? Number(text) / 1000 : undefined);
}

/** `<UART device type>` then the sections the ERI mask announces, in bit order. */
function decodeEriExtras(attributes: PositionAttributes, extras: string[], mask: number): void {
  let i = 1; // after the UART device type
  if (mask & 1) {
    // Digital fuel sensor: its last field is the level. Alone it runs to the end of the message.
    const onlySection = (mask & ~1) === 0;
    const group = onlySection ? extras.slice(i) : extras.slice(i, i + 1);
    put(attributes, 'fuel', hex(group[group.length - 1]));
    i += group.length;
  }
  if (mask & 2) {
    // One-wire devices: <count>, then <id>,<type>,<data> each; type 1 is a temperature sensor (1/16 °C).
    const devices = Math.min(int(extras[i]) ?? 0, 32);
    i++;
    for (let d = 1; d <= devices; d++) {
      const type = extras[i + 1];
      const data = hex(extras[i + 2]);
      if (type === '1' && data !== undefined && data <= 0xffff) {
        attributes[`temp${d}`] = ((data << 16) >> 16) * 0.0625;
      }
      i += 3;
    }
  }
  if (mask & 4) return; // CAN data: its length depends on its own masks, and nothing after it can be placed.
  if (mask & 0x100) decodeAccessories(attributes, extras.slice(i));
}

/**
 * BLE accessories: `<count>`, then per accessory `<index>,<type>,<model>,<reserved>,<append mask>` and the appended
 * fields (bit 0 name, bit 1 MAC, then one field per further bit). The MAC becomes `tag<n>Id`.
 */
function decodeAccessories(attributes: PositionAttributes, fields: string[]): void {
  const count = Math.min(int(fields[0]) ?? 0, 16);
  let i = 1;
  for (let n = 1; n <= count && i + 5 <= fields.length; n++) {
    const append = hex(fields[i + 4]) ?? 0;
    i += 5;
    for (let bit = 0; bit < 16; bit++) {
      if (!(append & (1 << bit))) continue;
      if (bit === 1) put(attributes, `tag${n}Id`, fields[i]);
      i++;
    }
  }
}
