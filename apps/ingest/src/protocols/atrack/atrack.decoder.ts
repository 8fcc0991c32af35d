import { ByteReader } from '../../codec/byte-reader';
import { crc16Ibm } from '../../codec/crc16';
import { isoTime, isoTimeOf } from '../../codec/dates';
import { newPosition, type PositionDraft, setAttribute, setLocation } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodeResult, SessionView } from '../protocol.types';
import {
  applyCell,
  applyTextCode,
  type CustomContext,
  parseForm,
  readBinaryCode,
  readCString,
  textKindOf,
} from './atrack-fields';

/** Keep-alive (and the server's acknowledgement): 0xFE 0x02, unit ID (8), sequence ID (2). */
const KEEP_ALIVE = 0xfe02;
/** Header of a binary report: prefix (2), CRC (2), length (2), sequence ID (2), unit ID (8). */
const BINARY_HEADER = 16;
/** The smallest binary record: three times, position, heading … two temperatures and two empty strings. */
const MIN_RECORD = 41;
const SUB = '\x1a';

/** The acknowledgement the device waits for (it resends the report otherwise): 0xFE 0x02, unit ID, sequence ID. */
export function atrackAck(unitId: bigint, sequence: number): Buffer {
  const ack = Buffer.alloc(12);
  ack.writeUInt16BE(KEEP_ALIVE, 0);
  ack.writeBigUInt64BE(BigInt.asUintN(64, unitId), 2);
  ack.writeUInt16BE(sequence & 0xffff, 10);
  return ack;
}

/** The device's configured custom form (`atrack.form`, the AT$FORM `%CI` list), when it has one. */
function configuredForm(session: SessionView): readonly string[] | null {
  const form = session.settings?.['atrack.form'];
  return form ? parseForm(form) : null;
}

function decodeBinary(frame: Buffer, session: SessionView): DecodeResult {
  if (frame.length < BINARY_HEADER) throw new Error('atrack: short binary report');
  const length = frame.readUInt16BE(4);
  const end = 6 + length;
  if (end > frame.length || end < BINARY_HEADER) throw new Error(`atrack: length ${length} beyond the frame`);
  if (crc16Ibm(frame.subarray(4, end)) !== frame.readUInt16BE(2)) throw new Error('atrack: bad CRC');
  const sequence = frame.readUInt16BE(6);
  const unitId = frame.readBigUInt64BE(8);
  const uniqueId = unitId.toString();
  const ack = atrackAck(unitId, sequence);
  // `@R` packets carry a photo, not positions
  if (frame[1] === 0x52) return { messages: [], uniqueId, ack };
  const reader = new ByteReader(frame, BINARY_HEADER, end);
  const form = configuredForm(session);
  const messages: PositionDraft[] = [];
  while (reader.remaining >= MIN_RECORD) {
    const position = newPosition();
    const fixTime = reader.u32();
    const deviceTime = reader.u32();
    reader.skip(4); // sending time
    const longitude = reader.i32() / 1e6;
    const latitude = reader.i32() / 1e6;
    position.fixTime = isoTime(fixTime * 1000);
    position.deviceTime = isoTime(deviceTime * 1000);
    setLocation(position, latitude, longitude);
    position.valid = true;
    position.course = reader.u16();
    const a = position.attributes;
    a.type = reader.u8();
    a.odometer = reader.u32() * 100;
    a.hdop = reader.u16() / 10;
    a.input = reader.u8();
    position.speed = knotsFromKph(reader.u16());
    a.output = reader.u8();
    a.adc1 = reader.u16() / 1000;
    setAttribute(position, 'driverUniqueId', readCString(reader));
    a.temp1 = reader.i16() / 10;
    a.temp2 = reader.i16() / 10;
    readCString(reader); // text message (the device's display text), not kept
    let codes = form;
    if (
      reader.remaining >= 3 &&
      frame[reader.position] === 0x25 &&
      frame.toString('latin1', reader.position, reader.position + 3) === '%CI'
    ) {
      codes = parseForm(readCString(reader));
    }
    if (codes) {
      const context: CustomContext = { binary: true };
      for (const code of codes) {
        if (code === 'CI') continue;
        if (!readBinaryCode(reader, code, position, context)) {
          // a code of unknown size: the rest of the packet cannot be read
          applyCell(position, context);
          messages.push(position);
          return { messages, uniqueId, ack };
        }
      }
      applyCell(position, context);
    }
    messages.push(position);
  }
  return { messages, uniqueId, ack };
}

/** A date field of an ASCII report: seconds since 1970, or `yyyyMMddHHmmss` (the device's long date format). */
function textTime(value: string): string {
  if (/^\d{14}$/.test(value)) {
    const d = (from: number, to: number) => Number(value.substring(from, to));
    return isoTimeOf(d(0, 4), d(4, 6), d(6, 8), d(8, 10), d(10, 12), d(12, 14));
  }
  if (!/^-?\d{1,12}$/.test(value)) throw new Error(`atrack: bad time ${value}`);
  return isoTime(Number(value) * 1000);
}

/** Comma-separated fields of one ASCII record, read one by one. */
class Fields {
  private at = 0;
  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.at >= this.text.length;
  }

  /** The next field starts with `prefix` (nothing read). */
  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.at);
  }

  /** The next field up to the comma (a trailing 0x1A dropped). */
  next(): string {
    if (this.done) throw new Error('atrack: record too short');
    let end = this.text.indexOf(',', this.at);
    if (end < 0) end = this.text.length;
    let value = this.text.substring(this.at, end);
    this.at = end + 1;
    if (value.endsWith(SUB)) value = value.substring(0, value.length - 1);
    return value;
  }

  /** A text that ends with 0x1A and may hold commas (a plain field when no 0x1A follows). */
  nextLink(): string {
    const sub = this.text.indexOf(SUB, this.at);
    if (sub < 0) return this.next();
    const value = this.text.substring(this.at, sub);
    this.at = sub + 1;
    if (this.text[this.at] === ',') this.at += 1;
    return value;
  }

  int(): number {
    const value = this.next();
    if (!/^-?\d{1,12}$/.test(value)) throw new Error(`atrack: not an integer: ${value}`);
    return Number(value);
  }

  real(): number {
    const value = this.next();
    const n = Number(value);
    if (value === '' || !Number.isFinite(n)) throw new Error(`atrack: not a number: ${value}`);
    return n;
  }
}

function decodeTextRecord(fields: Fields, form: readonly string[] | null): PositionDraft {
  const position = newPosition();
  const time = textTime(fields.next());
  fields.next(); // RTC time
  fields.next(); // sending time
  position.fixTime = time;
  position.deviceTime = time;
  const longitude = fields.int() / 1e6;
  const latitude = fields.int() / 1e6;
  setLocation(position, latitude, longitude);
  position.valid = true;
  position.course = fields.int();
  const a = position.attributes;
  a.event = fields.int();
  a.odometer = fields.real() * 100;
  a.hdop = fields.int() / 10;
  a.input = fields.int();
  position.speed = knotsFromKph(fields.int());
  a.output = fields.int();
  a.adc1 = fields.int();
  setAttribute(position, 'driverUniqueId', fields.next());
  a.temp1 = fields.int();
  a.temp2 = fields.int();
  if (fields.done) return position;
  fields.next(); // text message (the device's display text), not kept
  if (fields.done) return position;
  // the record's own form, or the device's
  const codes = fields.startsWith('%CI') ? parseForm(fields.next()) : form;
  if (!codes) return position;
  const context: CustomContext = { binary: false };
  for (const code of codes) {
    if (code === 'CI') continue;
    if (fields.done) break;
    applyTextCode(code, textKindOf(code) === 'link' ? fields.nextLink() : fields.next(), position, context);
  }
  applyCell(position, context);
  return position;
}

function decodeText(text: string, session: SessionView): DecodeResult {
  // prefix, CRC, length, sequence ID, unit ID, then records one per line
  const header = /^[^,]{1,2},[0-9A-Fa-f]{1,4},(\d{1,6}),(\d{1,10}),(\d{1,20}),/.exec(text);
  if (!header) throw new Error('atrack: bad ASCII report header');
  const sequence = Number(header[2]);
  const uniqueId = header[3] as string;
  const form = configuredForm(session);
  const messages: PositionDraft[] = [];
  const lines = text.substring(header[0].length).split('\r\n');
  for (const line of lines) {
    if (line.trim() === '') continue;
    messages.push(decodeTextRecord(new Fields(line), form));
  }
  return { messages, uniqueId, ack: atrackAck(BigInt(uniqueId), sequence) };
}

/** `$INFO=unit,model,firmware,IMEI,IMSI,ICCID,main V,backup V,satellites,GPS,GSM level,…`, other `$…` command replies. */
function decodeReply(text: string): DecodeResult {
  const line = text.trim();
  const position = newPosition();
  if (line.startsWith('$INFO=')) {
    const f = line.substring(6).split(',');
    if (f.length < 11) throw new Error('atrack: short $INFO');
    setAttribute(position, 'deviceType', f[1]);
    setAttribute(position, 'versionFw', f[2]);
    position.attributes.power = Number(f[6]) / 10;
    position.attributes.battery = Number(f[7]) / 10;
    position.attributes.sat = Number(f[8]);
    position.attributes.rssi = Number(f[10]);
    for (const key of ['power', 'battery', 'sat', 'rssi'])
      if (!Number.isFinite(position.attributes[key])) throw new Error(`atrack: bad $INFO ${key}`);
    const unit = f[0] as string;
    return /^\d{1,20}$/.test(unit) ? { messages: [position], uniqueId: unit } : { messages: [position] };
  }
  setAttribute(position, 'result', line);
  return { messages: [position] };
}

/**
 * ATrack AK/AX/AT/AU/AY reports: binary (`@P` + CRC-16/ARC, length, sequence, unit ID, then records) or ASCII
 * (`@P,CRC,length,sequence,unit ID,record\r\n…`), each record optionally followed by the custom information of the
 * device's AT$FORM (`%CI…` in the record itself, or the form set as the device's `atrack.form`). Both are answered
 * 0xFE 0x02 + unit ID + sequence ID; the keep-alive is echoed. `$…` lines are command replies.
 */
export function decodeAtrack(frame: Buffer, session: SessionView): DecodeResult {
  if (frame.length < 3) throw new Error('atrack: short frame');
  if (frame.readUInt16BE(0) === KEEP_ALIVE) {
    if (frame.length < 12) throw new Error('atrack: short keep-alive');
    return { messages: [], uniqueId: frame.readBigUInt64BE(2).toString(), ack: Buffer.from(frame.subarray(0, 12)) };
  }
  if (frame[2] === 0x2c) return decodeText(frame.toString('latin1'), session);
  if (frame[0] === 0x24) return decodeReply(frame.toString('latin1'));
  if (frame[0] === 0x40) return decodeBinary(frame, session);
  throw new Error('atrack: unknown frame');
}
