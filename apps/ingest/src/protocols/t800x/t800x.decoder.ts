import { bcdByte } from '../../codec/bcd';
import { ByteReader } from '../../codec/byte-reader';
import { strictIsoTime } from '../../codec/dates';
import { addCellTower, cellTowerInRange } from '../../codec/network';
import type { PositionDraft } from '../../codec/position-builder';
import { addAlarm, newPositionAt, setAttribute, setLocation } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodeResult, Decoder } from '../protocol.types';

/** Message types. */
const LOGIN = 0x01;
const GPS = 0x02;
const HEARTBEAT = 0x03;
const ALARM = 0x04;
const DRIVING = 0x05;
const TAG = 0x10;
const GPS_BATTERY = 0x14;
const RESULT = 0x81;

/** Headers: `##` (T800x), `$$`, `%%` (power voltage after the fix), `&&` (OBD), `''` (solar asset trackers). */
const HEADER_OBD = 0x26;
const HEADER_ASSET = 0x27;
const HEADER_POWER = 0x25;

/** Alarm codes of GPS and alarm messages that name an alarm. */
const ALARMS: Readonly<Record<number, string>> = { 1: 'powerCut' };
/** Driving-behaviour events (type 5 of the OBD trackers). */
const EVENTS: Readonly<Record<number, string>> = { 4: 'hardBraking', 5: 'hardAcceleration', 6: 'hardCornering' };

/** Session state: the header the device uses, so that commands go out with it. */
export interface T800xState {
  header?: number;
}

/**
 * T800x trackers over TCP or UDP: `<header 2><type 1><length 2><sequence 2><IMEI 8 BCD><body>`, the length
 * counting the whole frame. The header repeats one byte (`##`, `$$`, `%%`, `&&`, `''`) and tells the model family,
 * which sets the body layout of GPS reports. Types: 1 login, 3 heartbeat and 4 alarm (each acknowledged with the
 * frame's header, type, sequence and IMEI and no body), 2 and 0x14 GPS reports (a cell block instead of the fix
 * when the GPS is not fixed), 5 driving events (OBD trackers) or network information (asset trackers), 0x10 BLE
 * tag and driver card reads, 0x81 command answers.
 */
export const decodeT800x: Decoder<Buffer> = (frame, session) => {
  if (frame.length < 15) throw new Error('t800x: frame too short');
  const header = frame[0] as number;
  if (frame[1] !== header || header < 0x23 || header > 0x27) throw new Error('t800x: bad header');
  const type = frame[2] as number;
  const length = frame.readUInt16BE(3);
  if (length < 15 || length > frame.length) throw new Error(`t800x: bad length ${length}`);
  const imei = frame.toString('hex', 7, 15);
  if (!/^\d{16}$/.test(imei)) throw new Error('t800x: bad IMEI');
  const uniqueId = imei.slice(1);
  const result: DecodeResult = { messages: [], uniqueId };
  if ((session.state as T800xState).header !== header) result.state = { header } satisfies T800xState;
  if (type === LOGIN || type === HEARTBEAT || type === ALARM) {
    const ack = Buffer.from(frame.subarray(0, 15));
    ack.writeUInt16BE(15, 3);
    result.ack = ack;
  }
  const body = new ByteReader(frame, 15, length);
  const sequence = frame.readUInt16BE(5);
  switch (type) {
    case GPS:
    case ALARM:
    case GPS_BATTERY:
      result.messages.push(
        header === HEADER_ASSET ? decodeAssetReport(body, sequence) : decodeReport(body, header, type, sequence),
      );
      break;
    case DRIVING:
      if (header === HEADER_OBD) result.messages.push(...decodeDriving(body));
      else if (header === HEADER_ASSET) result.messages.push(decodeNetwork(body));
      break;
    case TAG:
      result.messages.push(decodeTag(body));
      break;
    case RESULT: {
      body.skip(1);
      const text = frame.toString('utf16le', body.position, body.position + (body.remaining & ~1));
      const position = newPositionAt(null);
      setAttribute(position, 'result', text.replace(/\0+$/, ''));
      result.messages.push(position);
      break;
    }
    default:
      break;
  }
  return result;
};

/**
 * GPS report: `<settings 8><rssi><flags|sat><status 8>[<adc u16 /100>…]<alarm><?><odometer u32><battery %>
 * <yyMMddHHmmss BCD>` then, with the GPS fixed (flag 0x40), `<altitude f32le><lon f32le><lat f32le><kph BCD /10>
 * <course u16>` and the family's tail (power, battery, OBD values), else `<mcc u16le><mnc u16le>{<lac u16le>
 * <cell u16le>}`.
 */
function decodeReport(r: ByteReader, header: number, type: number, sequence: number): PositionDraft {
  r.skip(8);
  const rssi = r.u8();
  const flags = r.u8();
  const status = r.bytes(8);
  const adcs = header === HEADER_OBD ? 0 : type === GPS_BATTERY ? 3 : 2;
  const adc: number[] = [];
  for (let i = 0; i < adcs; i++) adc.push(r.u16() / 100);
  if (type === GPS_BATTERY) r.skip(6);
  const alarmCode = r.u8();
  r.skip(1);
  const odometer = r.u32();
  const battery = r.u8();
  const time = readTime(r);
  const fixed = (flags & 0x40) !== 0;
  const position = newPositionAt(fixed ? time : null);
  position.deviceTime = time;
  setAttribute(position, 'index', sequence);
  setAttribute(position, 'rssi', rssi);
  setAttribute(position, 'sat', flags & 0x1f);
  const inputs = status[6] as number;
  setAttribute(position, 'ignition', (inputs & 0x40) !== 0);
  setAttribute(position, 'ac', (inputs & 0x20) !== 0);
  setAttribute(position, 'in3', (inputs & 0x10) !== 0);
  setAttribute(position, 'in4', (inputs & 0x08) !== 0);
  const outputs = status[5] as number;
  if (type === GPS_BATTERY) setAttribute(position, 'output', outputs);
  else for (let i = 1; i <= 3; i++) setAttribute(position, `out${i}`, (outputs & (0x100 >> i)) !== 0);
  adc.forEach((value, i) => {
    setAttribute(position, `adc${i + 1}`, value);
  });
  addAlarm(position, ALARMS[alarmCode]);
  setAttribute(position, 'alarmCode', alarmCode);
  setAttribute(position, 'odometer', odometer);
  setAttribute(position, 'batteryLevel', battery === 0 ? 100 : bcdByte(battery));
  if (!fixed) {
    if (r.remaining >= 8) {
      const cells = r.bytes(r.remaining - (r.remaining % 4));
      const mcc = cells.readUInt16LE(0);
      const mnc = cells.readUInt16LE(2);
      for (let at = 4; at + 4 <= cells.length; at += 4) {
        const tower = cellTowerInRange(mcc, mnc, cells.readUInt16LE(at), cells.readUInt16LE(at + 2));
        if (tower) addCellTower(position, tower);
      }
    }
    return position;
  }
  readFix(r, position);
  position.speed = knotsFromKph(bcd(r, 2) / 10);
  position.course = courseOf(r.u16());
  if (type === GPS_BATTERY) {
    setAttribute(position, 'battery', bcd(r, 2) / 100);
    setAttribute(position, 'power', bcd(r, 2) / 100);
  } else if (header === HEADER_POWER && r.remaining >= 2) {
    setAttribute(position, 'power', bcd(r, 2) / 100);
  } else if (header === HEADER_OBD) {
    setAttribute(position, 'power', bcd(r, 2) / 100);
    if (r.remaining >= 17) decodeObd(r, position);
  }
  return position;
}

/** `<kph BCD /10><obd kph BCD /10><fuel used u32 /1000><fuel consumption u32 /1000><rpm u16><air input>…` */
function decodeObd(r: ByteReader, position: PositionDraft): void {
  // the OBD adapter's vehicle speed replaces the GPS one
  position.speed = knotsFromKph(bcd(r, 2) / 10);
  setAttribute(position, 'obdSpeed', bcd(r, 2) / 10);
  setAttribute(position, 'fuelUsed', r.u32() / 1000);
  setAttribute(position, 'fuelConsumption', r.u32() / 1000);
  setAttribute(position, 'rpm', r.u16());
  const air = r.u8();
  if (air !== 0xff) setAttribute(position, 'airInput', air);
}

/**
 * Asset tracker report (`''` header): `<flags|sat><alarm><yyMMddHHmmss><altitude f32le><lon f32le><lat f32le>
 * <kph BCD /10><course u16><? 4><battery % BCD><?><device °C><?><battery V BCD /10><?><odometer u32><inputs u16>…`
 */
function decodeAssetReport(r: ByteReader, sequence: number): PositionDraft {
  const flags = r.u8();
  const alarmCode = r.u8();
  const time = readTime(r);
  const position = newPositionAt(time);
  readFix(r, position);
  position.speed = knotsFromKph(bcd(r, 2) / 10);
  position.course = courseOf(r.u16());
  r.skip(4);
  setAttribute(position, 'index', sequence);
  setAttribute(position, 'sat', flags & 0x1f);
  addAlarm(position, ALARMS[alarmCode]);
  setAttribute(position, 'alarmCode', alarmCode);
  setAttribute(position, 'batteryLevel', bcdByte(r.u8()));
  r.skip(1);
  setAttribute(position, 'deviceTemp', r.i8());
  r.skip(1);
  setAttribute(position, 'battery', bcdByte(r.u8()) / 10);
  r.skip(1);
  setAttribute(position, 'odometer', r.u32());
  setAttribute(position, 'input', r.u16());
  return position;
}

/** Driving events: `<event>{<yyMMddHHmmss><altitude f32le><lon f32le><lat f32le><kph BCD /10><?><rpm u16>}`. */
function decodeDriving(r: ByteReader): PositionDraft[] {
  const event = r.u8();
  const positions: PositionDraft[] = [];
  while (r.remaining >= 24) {
    const time = readTime(r);
    const position = newPositionAt(time);
    if (!readFix(r, position)) {
      position.fixTime = null;
      position.outdated = true;
    }
    position.speed = knotsFromKph(bcd(r, 2) / 10);
    r.skip(2);
    setAttribute(position, 'rpm', r.u16());
    positions.push(position);
  }
  const last = positions[positions.length - 1];
  if (last) addAlarm(last, EVENTS[event]);
  return positions;
}

/** Network information: `<yyMMddHHmmss><operator UTF-16LE><technology><band><IMSI><ICCID>`, each with its length. */
function decodeNetwork(r: ByteReader): PositionDraft {
  const position = newPositionAt(null);
  position.deviceTime = readTime(r);
  const field = () => r.bytes(r.u8());
  setAttribute(position, 'operator', field().toString('utf16le'));
  setAttribute(position, 'networkTechnology', field().toString('latin1'));
  setAttribute(position, 'networkBand', field().toString('latin1'));
  field(); // IMSI
  setAttribute(position, 'iccid', field().toString('latin1'));
  return position;
}

/**
 * BLE reads: `<yyMMddHHmmss><status 2><kind><id 6>…`. Kind 5 is a sensor tag (`<battery: 2 V + n/100>
 * <?><°C s16 /100><door><rssi + 128>`), kind 3 a driver card (`<?><low battery><?><battery: 2 V + n/100>`).
 */
function decodeTag(r: ByteReader): PositionDraft {
  const position = newPositionAt(null);
  position.deviceTime = readTime(r);
  const status = r.bytes(2);
  setAttribute(position, 'ignition', ((status[0] as number) & 0x40) !== 0);
  const kind = r.u8();
  const id = r.hex(6);
  if (kind === 5) {
    setAttribute(position, 'tag1Id', id);
    setAttribute(position, 'tag1Battery', 2 + r.u8() / 100);
    r.skip(1);
    setAttribute(position, 'tag1Temp', r.i16() / 100);
    setAttribute(position, 'tag1Door', r.u8() !== 0);
    setAttribute(position, 'tag1Rssi', r.u8() - 128);
  } else if (kind === 3) {
    setAttribute(position, 'driverUniqueId', id);
    r.skip(1);
    const low = r.u8() !== 0;
    r.skip(1);
    setAttribute(position, 'tag1Battery', 2 + r.u8() / 100);
    if (low) addAlarm(position, 'lowBattery');
  }
  return position;
}

/** `<altitude f32le><lon f32le><lat f32le>`: false (and nothing set) when all three are unset (0xFF bytes). */
function readFix(r: ByteReader, position: PositionDraft): boolean {
  const raw = r.bytes(12);
  if (raw.every((b) => b === 0xff)) return false;
  const altitude = raw.readFloatLE(0);
  setLocation(position, raw.readFloatLE(8), raw.readFloatLE(4));
  position.altitude = Number.isFinite(altitude) ? altitude : 0;
  position.valid = true;
  return true;
}

/** `yyMMddHHmmss` in BCD. */
function readTime(r: ByteReader): string {
  const d = [...r.bytes(6)].map((b) => {
    if ((b & 0x0f) > 9 || b >> 4 > 9) throw new Error('t800x: bad time');
    return bcdByte(b);
  });
  return strictIsoTime(2000 + (d[0] as number), d[1] as number, d[2] as number, d[3], d[4], d[5]);
}

/** Degrees; a value out of range (0xFFFF: none) is 0. */
const courseOf = (value: number): number => (value < 360 ? value : 0);

/** `bytes` bytes of BCD digits. */
function bcd(r: ByteReader, bytes: number): number {
  let value = 0;
  for (let i = 0; i < bytes; i++) {
    const b = r.u8();
    if ((b & 0x0f) > 9 || b >> 4 > 9) throw new Error('t800x: bad BCD');
    value = value * 100 + bcdByte(b);
  }
  return value;
}
