import { clearFix, newPosition, type PositionDraft, setTime } from '../../codec/position-builder';
import type { DecodeResult, SessionView } from '../protocol.types';
import { Jt808Reader, jt808Time } from './jt808-frame';
import { decodeJt808Location } from './jt808-location.decoder';

/**
 * JT/T 808 messages other than location reports: driver identity (0x0702), waybill text (0x0701), transparent data
 * (0x0900), supplementary data (0x0210), command replies (0x1300 UTF-16, 0x6006 text), accelerometer samples
 * (0x2070). `reader` spans the body only.
 */
export function decodeJt808Other(msgId: number, reader: Jt808Reader): PositionDraft[] {
  switch (msgId) {
    case 0x0210:
      return decodeSupplementary(reader);
    case 0x0701: {
      const length = reader.u32();
      return [result(reader.latin1(Math.min(length, reader.remaining)))];
    }
    case 0x0702:
      return [decodeDriver(reader)];
    case 0x0900:
      return decodeTransparent(reader);
    case 0x1300: {
      reader.skip(2);
      const text = reader.bytes(reader.remaining - (reader.remaining % 2));
      return [result(Buffer.from(text).swap16().toString('utf16le').trim())];
    }
    case 0x6006:
      reader.skip(1);
      return [result(reader.latin1(reader.remaining))];
    case 0x2070:
      return [decodeAcceleration(reader)];
    default:
      return [];
  }
}

function result(text: string): PositionDraft {
  const position = clearFix(newPosition());
  position.attributes.result = text;
  return position;
}

/** 0x0210: battery level and BCD time, or a list of length-prefixed location blocks. */
function decodeSupplementary(reader: Jt808Reader): PositionDraft[] {
  const first = reader.buf[reader.pos] ?? 0;
  if (first >= 28 && first + 1 <= reader.remaining) {
    const positions: PositionDraft[] = [];
    while (reader.remaining >= 1) {
      const length = reader.u8();
      if (length === 0 || reader.pos + length > reader.limit) break;
      positions.push(decodeJt808Location(new Jt808Reader(reader.buf, reader.pos, reader.pos + length)));
      reader.pos += length;
    }
    return positions;
  }
  const batteryLevel = reader.u8();
  const position = clearFix(newPosition(), jt808Time(reader.bytes(6)));
  position.attributes.batteryLevel = batteryLevel;
  return [position];
}

/**
 * 0x0702: card status and BCD time; after a card was read (status 1, result 0) the driver name, qualification
 * code, issuing agency and BCD validity date.
 */
function decodeDriver(reader: Jt808Reader): PositionDraft {
  const status = reader.u8();
  const position = clearFix(newPosition(), jt808Time(reader.bytes(6)));
  const attributes = position.attributes;
  attributes.cardStatus = status;
  if (status === 1) {
    const cardResult = reader.u8();
    attributes.cardResult = cardResult;
    if (cardResult === 0) {
      const name = reader.latin1(reader.u8()).trim();
      if (name !== '') attributes.driverName = name;
      attributes.cardCode = reader.latin1(20).replace(/\0+$/, '').trim();
      reader.skip(reader.u8()); // issuing agency
      attributes.cardValidity = reader.hex(4);
    }
  }
  return position;
}

/**
 * 0x0900 transparent data: 0x40/0x41 text (`GTSL|...|driver id|...`); 0x54 alarm/status words, coordinates
 * and BCD time followed by sensor records (the last one is kept).
 */
function decodeTransparent(reader: Jt808Reader): PositionDraft[] {
  const type = reader.u8();
  if (type === 0x40 || type === 0x41) {
    const text = reader.latin1(reader.remaining);
    const start = text.indexOf('GTSL|');
    if (start < 0) return [];
    const fields = text.substring(start).split('|');
    const position = clearFix(newPosition());
    if (fields[4]) position.attributes.driverUniqueId = fields[4];
    return [position];
  }
  if (type === 0x54) {
    reader.skip(1); // 0x10: length of the flags and coordinates that follow
    const position = newPosition();
    const alarm = reader.u32();
    const status = reader.u32();
    position.attributes.ignition = (status & 1) === 1;
    position.attributes.blocked = ((status >>> 10) & 1) === 1;
    position.attributes.charge = ((status >>> 26) & 1) === 1;
    if (alarm & 1) position.attributes.alarm = 'sos';
    position.valid = ((status >>> 1) & 1) === 1;
    const latitude = reader.u32() / 1e6;
    const longitude = reader.u32() / 1e6;
    position.latitude = (status >>> 2) & 1 ? -latitude : latitude;
    position.longitude = (status >>> 3) & 1 ? -longitude : longitude;
    if (Math.abs(position.latitude) > 90 || Math.abs(position.longitude) > 180)
      throw new Error('jt808: bad coordinates');
    reader.skip(1);
    setTime(position, jt808Time(reader.bytes(6)));
    const attributes = position.attributes;
    while (reader.remaining >= 24) {
      reader.skip(8); // sensor mask, time
      attributes.lightSensor = reader.u16();
      attributes.deviceTemp = reader.s16() / 10;
      attributes.humidity = reader.u16() / 10;
      attributes.temp3 = reader.s16() / 10;
      reader.skip(6); // accelerometer
      attributes.airPressure = reader.u16();
    }
    return [position];
  }
  return [];
}

/** 0x2070: BCD time and x/y/z (sign and magnitude) per sample, gathered in one gSensor text. */
function decodeAcceleration(reader: Jt808Reader): PositionDraft {
  const samples: string[] = [];
  const axis = () => {
    const raw = reader.u16();
    return raw & 0x8000 ? -(raw & 0x7fff) : raw;
  };
  while (reader.remaining >= 12) {
    reader.skip(6);
    samples.push(`[${axis()},${axis()},${axis()}]`);
  }
  const position = clearFix(newPosition());
  position.attributes.gSensor = `[${samples.join(',')}]`;
  return position;
}

/**
 * Text frames some terminals interleave: `(id,1,001,BASE,2,TIME)` asks for the time (answered with the same text,
 * TIME replaced by yyyyMMddHHmmss UTC); others, e.g. `(id,1,001,ELOCK,3,529439)`, carry a command result.
 */
export function decodeJt808Text(frame: Buffer, session: SessionView): DecodeResult {
  const sentence = frame.toString('latin1');
  if (sentence.includes('BASE,2')) {
    const time = session.receivedAt.toISOString().replace(/[-T:]/g, '').substring(0, 14);
    return { messages: [], ack: sentence.replace('TIME', time) };
  }
  const fields = sentence.replace(/^\(/, '').replace(/\)$/, '').split(',');
  const id = fields[0] ?? '';
  if (!/^\d+$/.test(id) || fields.length < 4) return { messages: [] };
  return { messages: [result(fields.slice(3).join(','))], uniqueId: id };
}

/**
 * 0x0107, the reply to an attributes query (0x8107): terminal type, maker id (5), model (20; 30 in the 2019
 * header), terminal id (7; 30), ICCID (BCD 10), hardware and firmware version (length-prefixed), GNSS and
 * network module flags. Decoded to a position without fix carrying the model, ICCID and versions.
 */
export function decodeAttributesReply(reader: Jt808Reader, v2019: boolean): PositionDraft {
  const position = clearFix(newPosition());
  const attributes = position.attributes;
  reader.skip(2 + 5); // terminal type, maker id
  const model = text(reader.bytes(v2019 ? 30 : 20));
  if (model !== '') attributes.deviceType = model;
  reader.skip(v2019 ? 30 : 7); // terminal id
  attributes.iccid = reader.hex(10).replace(/^0+/, '');
  const hardware = text(reader.bytes(reader.u8()));
  if (hardware !== '') attributes.versionHw = hardware;
  const firmware = text(reader.bytes(reader.u8()));
  if (firmware !== '') attributes.versionFw = firmware;
  return position;
}

/** A fixed-width text field, NUL-padded. */
function text(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/\0.*$/s, '').trim();
}
