import type { PositionDraft } from '../../codec/position-builder';
import { setTime } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';

/**
 * The fixed size of each Galileosky tag (from the protocol's tag table); 0xE1 and 0xEA carry a one-byte length,
 * 0xFE (extended tags) a two-byte one. A tag outside the table cannot be stepped over, so it ends the packet.
 */
const SIZES = new Int8Array(256).fill(-1);
const size = (tags: number[] | [number, number], bytes: number, range = false) => {
  if (range) for (let t = tags[0] as number; t <= (tags[1] as number); t++) SIZES[t] = bytes;
  else for (const t of tags) SIZES[t] = bytes;
};
size([0x01, 0x02, 0x35, 0x43, 0x49, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0xd5], 1);
size([0x03], 15);
size([0x04, 0x10, 0x21, 0x34, 0x40, 0x41, 0x42, 0x45, 0x46, 0x48, 0x58, 0x59, 0x78, 0x79, 0x7a, 0x7b], 2);
size([0x20, 0x44, 0x47, 0x5a, 0x90, 0xd3, 0xd4, 0xe0], 4);
size([0x30], 9);
size([0x33], 4);
size([0x5d], 3);
size([0x5c], 68);
size([0x50, 0x57], 2, true);
size([0x60, 0x62], 2, true);
size([0x63, 0x6f], 3, true);
size([0x70, 0x77], 2, true);
size([0x80, 0x87], 3, true);
size([0xa0, 0xaf], 1, true);
size([0xb0, 0xb9], 2, true);
size([0xc0, 0xc3], 4, true);
size([0xc4, 0xd2], 1, true);
size([0xd6, 0xda], 2, true);
size([0xdb, 0xdf], 4, true);
size([0xe2, 0xe9], 4, true);
size([0xf0, 0xf9], 4, true);

/** The bytes tag `tag` takes after its id at `at` (its length byte(s) included), or -1 for an unknown tag. */
export function tagSize(tag: number, buffer: Buffer, at: number, end: number): number {
  if (tag === 0xe1 || tag === 0xea) return at < end ? 1 + (buffer[at] as number) : -1;
  if (tag === 0xfe) return at + 2 <= end ? 2 + buffer.readUInt16LE(at) : -1;
  return SIZES[tag] as number;
}

/** Attribute names by number, built once: a key made per value would cost a string per attribute. */
const names = (prefix: string, count: number, first = 0) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i + first}`);
const ADC = names('adc', 8);
const CAN8 = names('can8BitR', 31);
const CAN16 = names('can16BitR', 15);
const CAN32 = names('can32BitR', 15);
const USER = names('userData', 8);
const TEMP = names('temp', 8, 1);

/** One record's tags as Traccar names them. `at` is the tag's data; the caller checked it fits. */
export function readTag(position: PositionDraft, tag: number, b: Buffer, at: number): void {
  const a = position.attributes;
  if (tag >= 0x50 && tag <= 0x57) {
    a[ADC[tag - 0x50] as string] = b.readUInt16LE(at);
    return;
  }
  if (tag >= 0xa0 && tag <= 0xaf) {
    a[CAN8[tag - 0xa0 + 15] as string] = b[at] as number;
    return;
  }
  if (tag >= 0xb0 && tag <= 0xb9) {
    a[CAN16[tag - 0xb0 + 5] as string] = b.readUInt16LE(at);
    return;
  }
  if (tag >= 0xc4 && tag <= 0xd2) {
    a[CAN8[tag - 0xc4] as string] = b[at] as number;
    return;
  }
  if (tag >= 0xd6 && tag <= 0xda) {
    a[CAN16[tag - 0xd6] as string] = b.readUInt16LE(at);
    return;
  }
  if (tag >= 0xdb && tag <= 0xdf) {
    a[CAN32[tag - 0xdb] as string] = b.readUInt32LE(at);
    return;
  }
  if (tag >= 0xf0 && tag <= 0xf9) {
    a[CAN32[tag - 0xf0 + 5] as string] = b.readUInt32LE(at);
    return;
  }
  if (tag >= 0xe2 && tag <= 0xe9) {
    a[USER[tag - 0xe2] as string] = b.readUInt32LE(at);
    return;
  }
  if (tag >= 0x70 && tag <= 0x77) {
    // a 1-Wire thermometer: its id, then the temperature
    a[TEMP[tag - 0x70] as string] = b.readInt8(at + 1);
    return;
  }
  switch (tag) {
    case 0x01:
      a.versionHw = b[at] as number;
      break;
    case 0x02:
      a.versionFw = b[at] as number;
      break;
    case 0x04:
      a.deviceId = b.readUInt16LE(at);
      break;
    case 0x10:
      a.index = b.readUInt16LE(at);
      break;
    case 0x20:
      setTime(position, b.readUInt32LE(at) * 1000);
      break;
    case 0x30: {
      // high nibble: 0 = valid fix (2 = from cell towers); low nibble: satellites
      const flags = b[at] as number;
      const latitude = b.readInt32LE(at + 1) / 1e6;
      const longitude = b.readInt32LE(at + 5) / 1e6;
      if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new Error('galileo coordinates out of range');
      position.valid = flags >> 4 === 0;
      position.latitude = latitude;
      position.longitude = longitude;
      position.outdated = false;
      break;
    }
    case 0x33:
      position.speed = knotsFromKph(b.readUInt16LE(at) / 10);
      position.course = b.readUInt16LE(at + 2) / 10;
      if (position.course > 360) throw new Error('galileo course out of range');
      break;
    case 0x34:
      position.altitude = b.readInt16LE(at);
      break;
    case 0x35:
      a.hdop = (b[at] as number) / 10;
      break;
    case 0x40:
      a.status = b.readUInt16LE(at);
      break;
    case 0x41:
      a.power = b.readUInt16LE(at) / 1000;
      break;
    case 0x42:
      a.battery = b.readUInt16LE(at) / 1000;
      break;
    case 0x43:
      a.deviceTemp = b.readInt8(at);
      break;
    case 0x44:
      a.acceleration = b.readUInt32LE(at);
      break;
    case 0x45:
      a.output = b.readUInt16LE(at);
      break;
    case 0x46:
      a.input = b.readUInt16LE(at);
      break;
    case 0x90:
      a.driverUniqueId = String(b.readUInt32LE(at));
      break;
    case 0xc0:
      a.fuelTotal = b.readUInt32LE(at) * 0.5;
      break;
    case 0xc1:
      a.fuel = (b[at] as number) * 0.4;
      a.temp1 = (b[at + 1] as number) - 40;
      a.rpm = b.readUInt16LE(at + 2) * 0.125;
      break;
    case 0xc2:
      a.canB0 = b.readUInt32LE(at);
      break;
    case 0xc3:
      a.canB1 = b.readUInt32LE(at);
      break;
    case 0xd4:
      a.odometer = b.readUInt32LE(at);
      break;
    case 0xe0:
      a.index = b.readUInt32LE(at);
      break;
    case 0xe1:
      a.result = b.toString('latin1', at + 1, at + 1 + (b[at] as number));
      break;
    default:
      break; // known size, not decoded (I/O details, sensors Traccar does not name)
  }
}
