import { ByteReader } from '../../codec/byte-reader';
import { addAlarm, type PositionDraft, setAttribute } from '../../codec/position-builder';
import { asciiOf } from '../../codec/text';
import { knotsFromKph } from '../../codec/units';

/**
 * Teltonika AVL IO elements → Traccar attributes. An element the tables below do not name is kept raw as `io<id>`
 * (1/2/4-byte values unsigned, 8-byte values signed, other lengths as hex).
 *
 * As in Traccar, a handler reads from the start of the element's value on the whole frame (not a slice of the
 * element): the ICCID handler reads 8 bytes even where the device sends the element in the 2-byte group, and the
 * caller moves on by the element's own length afterwards.
 */
type IoHandler = (position: PositionDraft, value: ByteReader, length: number) => void;

/** Teltonika's FMB family and its relatives, whose IO numbering the model-specific table follows. */
const FMB_FAMILY = /^(FM[BCMTUP]\d{3}|FM3001|MTB100|MSP500)$/;

const flag =
  (key: string): IoHandler =>
  (p, v) =>
    setAttribute(p, key, v.u8() > 0);
const scaledU16 =
  (key: string, divisor: number): IoHandler =>
  (p, v) =>
    setAttribute(p, key, v.u16() / divisor);
const alarmWhenSet =
  (alarm: string): IoHandler =>
  (p, v) => {
    if (v.u8() > 0) addAlarm(p, alarm);
  };

/** Elements every model shares. */
const common = new Map<number, IoHandler>([
  [1, flag('in1')],
  [2, flag('in2')],
  [3, flag('in3')],
  [4, flag('in4')],
  [16, (p, v) => setAttribute(p, 'odometer', v.u32())],
  [17, (p, v) => setAttribute(p, 'axisX', v.i16())],
  [18, (p, v) => setAttribute(p, 'axisY', v.i16())],
  [19, (p, v) => setAttribute(p, 'axisZ', v.i16())],
  [21, (p, v) => setAttribute(p, 'rssi', v.u8())],
  [25, (p, v) => setAttribute(p, 'bleTemp1', v.i16() / 100)],
  [26, (p, v) => setAttribute(p, 'bleTemp2', v.i16() / 100)],
  [27, (p, v) => setAttribute(p, 'bleTemp3', v.i16() / 100)],
  [28, (p, v) => setAttribute(p, 'bleTemp4', v.i16() / 100)],
  [66, scaledU16('power', 1000)],
  [67, scaledU16('battery', 1000)],
  [78, decodeIButton],
  [179, flag('out1')],
  [180, flag('out2')],
  [181, scaledU16('pdop', 10)],
  [182, scaledU16('hdop', 10)],
  [199, (p, v) => setAttribute(p, 'tripOdometer', v.u32())],
  [236, alarmWhenSet('general')],
  [239, flag('ignition')],
  [240, flag('motion')],
  [241, (p, v) => setAttribute(p, 'operator', v.u32())],
  [253, decodeGreenDriving],
]);

/** Elements of codec 8 Extended's variable-length group. */
const variableLength = new Map<number, IoHandler>([
  [256, (p, v, length) => setAttribute(p, 'vin', v.ascii(length))],
  [385, decodeBeacons],
  [548, decodeTags],
  [11317, decodeTags],
]);

/** Elements of the FMB family only (used when the device model is known to belong to it). */
const fmbFamily = new Map<number, IoHandler>([
  [9, scaledU16('adc1', 1000)],
  [10, scaledU16('adc2', 1000)],
  [11, (p, v) => setAttribute(p, 'iccid', v.bytes(8).readBigInt64BE(0).toString())],
  [
    24,
    (p, v) => {
      p.speed = knotsFromKph(v.u16());
    },
  ],
  [68, scaledU16('batteryCurrent', 1000)],
  [113, (p, v) => setAttribute(p, 'batteryLevel', v.u8())],
  [200, (p, v) => setAttribute(p, 'sleepMode', v.u8())],
  [246, alarmWhenSet('tow')],
  [247, alarmWhenSet('accident')],
  [249, alarmWhenSet('jamming')],
  [252, alarmWhenSet('powerCut')],
  [10800, (p, v) => setAttribute(p, 'eyeTemp1', v.i16() / 100)],
  [10801, (p, v) => setAttribute(p, 'eyeTemp2', v.i16() / 100)],
  [10802, (p, v) => setAttribute(p, 'eyeTemp3', v.i16() / 100)],
  [10803, (p, v) => setAttribute(p, 'eyeTemp4', v.i16() / 100)],
]);

export function isFmbFamily(model: string | null | undefined): boolean {
  return typeof model === 'string' && FMB_FAMILY.test(model);
}

/**
 * Decodes one IO element: `id`, its value's `start` in the frame and `length`; `variable` for codec 8 Extended's
 * variable-length group. Handlers may read past the value (up to the frame's end), never past the frame.
 * (Positional arguments: this runs for every element of every record.)
 */
export function decodeIoElement(
  position: PositionDraft,
  frame: Buffer,
  id: number,
  start: number,
  length: number,
  variable: boolean,
  fmb: boolean,
): void {
  if (start + length > frame.length) throw new Error(`truncated frame: IO element ${id} overruns the frame`);
  const handler =
    (variable ? variableLength.get(id) : undefined) ?? (fmb ? fmbFamily.get(id) : undefined) ?? common.get(id);
  if (handler) {
    handler(position, new ByteReader(frame, start), length);
    return;
  }
  setAttribute(position, `io${id}`, rawValue(frame, start, length));
}

function rawValue(frame: Buffer, start: number, length: number): number | string {
  switch (length) {
    case 1:
      return frame.readUInt8(start);
    case 2:
      return frame.readUInt16BE(start);
    case 4:
      return frame.readUInt32BE(start);
    case 8:
      return Number(frame.readBigInt64BE(start));
    default:
      return frame.toString('hex', start, start + length);
  }
}

/** Dallas iButton: 8 bytes little-endian, printed as 16 upper-case hex digits; 0 means no key. */
function decodeIButton(position: PositionDraft, value: ByteReader): void {
  const key = value.bytes(8).readBigUInt64LE(0);
  if (key !== 0n) setAttribute(position, 'driverUniqueId', key.toString(16).toUpperCase().padStart(16, '0'));
}

/** Green driving type: 1 harsh acceleration, 2 harsh braking, 3 harsh cornering. */
function decodeGreenDriving(position: PositionDraft, value: ByteReader): void {
  const alarms: Record<number, string> = { 1: 'hardAcceleration', 2: 'hardBraking', 3: 'hardCornering' };
  addAlarm(position, alarms[value.u8()]);
}

/**
 * Beacon list (385): a data-part byte, then beacons, each a flags byte (0x20 iBeacon, else Eddystone; 0x01 RSSI,
 * 0x02 battery voltage in mV, 0x04 temperature) and its identifiers.
 */
function decodeBeacons(position: PositionDraft, value: ByteReader, length: number): void {
  const data = new ByteReader(value.buffer, value.position, value.position + length);
  data.skip(1);
  for (let index = 1; data.remaining > 0; index++) {
    const flags = data.u8();
    const key = (name: string) => `beacon${index}${name}`;
    if (flags & 0x20) {
      setAttribute(position, key('Uuid'), data.hex(16));
      setAttribute(position, key('Major'), data.u16());
      setAttribute(position, key('Minor'), data.u16());
    } else {
      setAttribute(position, key('Namespace'), data.hex(10));
      setAttribute(position, key('Instance'), data.hex(6));
    }
    if (flags & 0x01) setAttribute(position, key('Rssi'), data.i8());
    if (flags & 0x02) setAttribute(position, key('Battery'), data.u16() / 1000);
    if (flags & 0x04) setAttribute(position, key('Temp'), data.i16() / 100);
  }
}

/**
 * BLE tag lists (548 advanced beacons, 11317 sensor tags): a header byte, then tags, each a length byte and a run
 * of type-length-value parameters.
 */
function decodeTags(position: PositionDraft, value: ByteReader, length: number): void {
  const data = new ByteReader(value.buffer, value.position, value.position + length);
  data.skip(1);
  for (let index = 1; data.remaining > 0; index++) {
    const tagLength = data.u8();
    const tagStart = data.position;
    data.skip(tagLength);
    const tag = new ByteReader(data.buffer, tagStart, tagStart + tagLength);
    while (tag.remaining > 0) {
      const type = tag.u8();
      const bytes = tag.bytes(tag.u8());
      decodeTagParameter(position, `tag${index}`, type, bytes);
    }
  }
}

function decodeTagParameter(position: PositionDraft, prefix: string, type: number, bytes: Buffer): void {
  switch (type) {
    case 0x00:
      if (bytes.length >= 1) setAttribute(position, `${prefix}Rssi`, bytes.readInt8(0));
      break;
    case 0x01:
      setAttribute(position, `${prefix}Id`, bytes.toString('hex'));
      break;
    case 0x02:
      // Sensor flags; with bit 7 the next byte is the battery voltage in 10 mV steps above 2 V.
      if (bytes.length >= 2 && ((bytes[0] as number) & 0x80) !== 0) {
        setAttribute(position, `${prefix}Voltage`, (bytes[1] as number) * 10 + 2000);
      }
      break;
    case 0x05:
      setAttribute(position, `${prefix}Name`, asciiOf(bytes));
      break;
    case 0x06:
      if (bytes.length >= 2) setAttribute(position, `${prefix}Temp`, bytes.readInt16BE(0));
      break;
    case 0x07:
      if (bytes.length >= 1) setAttribute(position, `${prefix}Humidity`, bytes.readUInt8(0));
      break;
    case 0x0e:
      if (bytes.length >= 2) setAttribute(position, `${prefix}Battery`, bytes.readUInt16BE(0));
      break;
    case 0x0f:
      setAttribute(position, `${prefix}Mac`, bytes.toString('hex'));
      break;
  }
}
