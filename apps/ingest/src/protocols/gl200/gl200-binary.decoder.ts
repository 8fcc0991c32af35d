import type { PositionAttributes } from '@waymark/contracts/position';
import { newPositionAt } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodedPosition, DecodeResult } from '../protocol.types';
import { cellTower, gsmNetwork } from './gl200-text';

/** Binary messages that carry nothing Traccar decodes (acknowledgements, login, information). */
const IGNORED = new Set(['ACK', 'LGN', 'HBD', 'INF', 'CRD']);
/** Location reports: real time and buffered, periodic (+RSP) and event (+EVT). */
const REPORTS = new Set(['RSP', 'BSP', 'EVT', 'BVT']);
/** Message type of the compressed track report (+RSP type 0x64). */
const TRACK = 0x64;

class Reader {
  constructor(
    private readonly buf: Buffer,
    public offset: number,
  ) {}
  private need(n: number): number {
    const at = this.offset;
    if (at + n > this.buf.length) throw new Error(`Queclink binary message truncated at byte ${at}`);
    this.offset += n;
    return at;
  }
  u8 = () => this.buf.readUInt8(this.need(1));
  u16 = () => this.buf.readUInt16BE(this.need(2));
  s16 = () => this.buf.readInt16BE(this.need(2));
  s32 = () => this.buf.readInt32BE(this.need(4));
  u32 = () => this.buf.readUInt32BE(this.need(4));
  u64 = () => this.buf.readBigUInt64BE(this.need(8));
  skip = (n: number) => void this.need(n);
  remaining = () => this.buf.length - this.offset;
  peek = () => this.buf[this.offset];
  /** `<year u16><month><day><hour><minute><second>` */
  time(): Date | null {
    const year = this.u16();
    const [month, day, hour, minute, second] = [this.u8(), this.u8(), this.u8(), this.u8(), this.u8()];
    if (year < 1970 || year > 2099 || month < 1 || month > 12 || day < 1 || day > 31) return null;
    if (hour > 23 || minute > 59 || second > 59) return null;
    return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  }
}

const has = (mask: number, bit: number) => (mask & (1 << bit)) !== 0;

/**
 * Queclink's binary (HEX) report format: `+RSP`/`+EVT` (`+BSP`/`+BVT` buffered), a message type, a 32-bit report
 * mask announcing the optional fields, the length, the device's type/protocol/firmware versions, an 8-byte unique
 * id (Traccar names the device by its decimal value), battery %, external power (mV), motion status, satellites,
 * then the report type and, for +RSP, the number of location blocks. The compressed track report (type 0x64)
 * packs one full point and then 40-bit deltas. The compact `+` 0x00 form names the device by its BCD IMEI.
 */
export function decodeGl200Binary(frame: Buffer): DecodeResult {
  if (frame.length < 8 || frame[0] !== 0x2b) throw new Error('not a Queclink binary message');
  if (frame[1] === 0x00) return decodeCompact(frame);
  const tag = frame.toString('latin1', 1, 4);
  if (IGNORED.has(tag)) return { messages: [] };
  if (!REPORTS.has(tag)) throw new Error(`unsupported Queclink binary message +${tag}`);
  if (frame.length < 11) throw new Error('Queclink binary report too short');
  const type = frame[4] as number;
  const mask = frame.readUInt32BE(5);
  const length = frame.readUInt16BE(9);
  if (length > frame.length || length < 24) throw new Error(`Queclink binary report declares ${length} bytes`);
  const r = new Reader(frame.subarray(0, length), 11);

  const attributes: PositionAttributes = {};
  if (has(mask, 8)) r.skip(1); // device type
  if (has(mask, 9)) r.skip(2); // protocol version
  if (has(mask, 10)) attributes.versionFw = String(r.u16());
  const uniqueId = r.u64().toString();
  if (has(mask, 11)) attributes.batteryLevel = r.u8();
  if (has(mask, 12)) attributes.power = r.u16() / 1000;
  for (let bit = 13; bit <= 15; bit++) if (has(mask, bit)) r.skip(2); // analog inputs
  if (has(mask, 16)) r.skip(1); // digital inputs
  if (has(mask, 17)) r.skip(1); // digital outputs
  if (has(mask, 18)) r.skip(1); // motion status
  if (has(mask, 19)) attributes.sat = r.u8();
  r.skip(1); // report id / type

  if (type === TRACK) return { uniqueId, messages: decodeTrack(r) };
  const count = tag === 'RSP' || tag === 'BSP' ? r.u8() : 1;
  const messages: DecodedPosition[] = [];
  for (let i = 0; i < Math.max(1, count); i++) {
    const position = newPositionAt();
    const hdop = r.u8();
    const speed = has(mask, 0) ? r.u16() + r.u8() / 10 : 0;
    const course = has(mask, 1) ? r.u16() : 0;
    const altitude = has(mask, 2) ? r.s16() : 0;
    const longitude = r.s32() / 1e6;
    const latitude = r.s32() / 1e6;
    const time = r.time();
    if (has(mask, 3)) {
      const [mcc, mnc, lac, cid] = [r.u16(), r.u16(), r.u16(), r.u16()];
      r.skip(1);
      const tower = cellTower(String(mcc), String(mnc), lac.toString(16), cid.toString(16));
      if (tower) position.network = gsmNetwork([tower]);
    }
    if (time && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) {
      Object.assign(position, {
        outdated: false,
        valid: hdop > 0,
        latitude,
        longitude,
        fixTime: time.toISOString(),
        deviceTime: time.toISOString(),
      });
    }
    position.speed = knotsFromKph(speed);
    position.course = course <= 360 ? course : 0;
    position.altitude = altitude;
    position.attributes = { ...attributes, hdop };
    messages.push(position);
  }
  return { uniqueId, messages };
}

/**
 * The compressed track: `<packed: 11 bits unused, speed 12 bits (0.1 km/h), course 9 bits>`, longitude, latitude
 * (1e-6°), Unix time; then per second a 40-bit delta `101` + time (2 bits, s) + speed (7, 0.1 km/h) + course (7)
 * + longitude (12) + latitude (11), all signed, or one byte `111xxxxx` for a second without a fix.
 */
function decodeTrack(r: Reader): DecodedPosition[] {
  const packed = r.u32();
  let speed = (packed >>> 9) & 0xfff;
  let course = packed & 0x1ff;
  let longitude = r.s32();
  let latitude = r.s32();
  let time = r.u32();
  const positions: DecodedPosition[] = [];
  const emit = () => {
    if (Math.abs(latitude) > 90e6 || Math.abs(longitude) > 180e6) return;
    const position = newPositionAt();
    const at = new Date(time * 1000).toISOString();
    Object.assign(position, {
      outdated: false,
      valid: true,
      latitude: latitude / 1e6,
      longitude: longitude / 1e6,
      fixTime: at,
      deviceTime: at,
      speed: knotsFromKph(speed / 10),
      course: ((course % 360) + 360) % 360,
    });
    positions.push(position);
  };
  emit();
  const signed = (value: bigint, shift: number, width: number) => {
    const raw = Number((value >> BigInt(shift)) & ((1n << BigInt(width)) - 1n));
    return raw >= 2 ** (width - 1) ? raw - 2 ** width : raw;
  };
  for (let records = 0; r.remaining() > 0 && records < 20_000; records++) {
    const head = r.peek() as number;
    if (head >> 5 === 0b111) {
      r.skip(1);
      time += 1;
    } else if (head >> 5 === 0b101 && r.remaining() >= 5) {
      const value = (BigInt(r.u8()) << 32n) | BigInt(r.u32());
      time += Number((value >> 37n) & 3n);
      speed = Math.max(0, speed + signed(value, 30, 7));
      course += signed(value, 23, 7);
      longitude += signed(value, 11, 12);
      latitude += signed(value, 0, 11);
      emit();
    } else {
      break;
    }
  }
  return positions;
}

/** IMEI from 8 BCD bytes (16 digits, the first a padding 0). */
const bcdImei = (bytes: Buffer) => bytes.toString('hex').replace(/^0+/, '');

/**
 * The compact `+` 0x00 report: length (2), IMEI (BCD, bytes 5–12), event time, then longitude, latitude (1e-6°),
 * fix time (Unix), speed (0.1 km/h), HDOP (0.1), course, altitude (0.1 m) and satellites. Only this one layout is
 * known; shorter frames are refused.
 */
function decodeCompact(frame: Buffer): DecodeResult {
  const length = frame.readUInt16BE(2);
  if (length > frame.length || length < 52) throw new Error(`Queclink compact report declares ${length} bytes`);
  const uniqueId = bcdImei(frame.subarray(5, 13));
  if (!/^\d{1,20}$/.test(uniqueId)) throw new Error('Queclink compact report with a malformed IMEI');
  const position = newPositionAt();
  const longitude = frame.readInt32BE(31) / 1e6;
  const latitude = frame.readInt32BE(35) / 1e6;
  const time = new Date(frame.readUInt32BE(39) * 1000).toISOString();
  const hdop = (frame[45] as number) / 10;
  if (Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) {
    Object.assign(position, { outdated: false, valid: hdop > 0, latitude, longitude, fixTime: time, deviceTime: time });
  }
  position.speed = knotsFromKph(frame.readUInt16BE(43) / 10);
  const course = frame.readUInt16BE(46);
  position.course = course <= 360 ? course : 0;
  position.altitude = frame.readInt16BE(49) / 10;
  position.attributes = { hdop, sat: frame[51] as number };
  return { uniqueId, messages: [position] };
}
