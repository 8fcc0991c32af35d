import { utcDate } from '../../codec/dates';
import { addAlarm, markOutdated, newPosition, setAttribute } from '../../codec/position-builder';
import { asciiOf, javaTrim, utf16beOf } from '../../codec/text';
import { ackOf, decodeGps, decodeLbs, gt06Frame, readDate } from './gt06-common';
import type { Gt06Message, Gt06Outcome } from './gt06-types';
import { MSG } from './gt06-types';

/** Messages mostly seen in long (0x7979) frames: text replies, information records, modular and OBD reports. */

const LOCATION_REPLY =
  /^Current position!Lat:([NS])(\d+\.\d+),Lon:([EW])(\d+\.\d+),Course:(\d+\.\d+),Speed:(\d+\.\d+),DateTime:(\d{4})-(\d\d)-(\d\d) +(\d\d):(\d\d):(\d\d)$/;

/** 0x21: a command reply in ASCII (encoding 1) or UTF-16BE; a "Current position!" reply is a fix. */
export function decodeStringInfo(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  reader.skip(4); // server flag
  const ascii = reader.u8() === 1;
  const bytes = reader.bytes(Math.max(0, reader.remaining - 6));
  const data = ascii ? asciiOf(bytes) : utf16beOf(bytes);
  const match = LOCATION_REPLY.exec(data);
  if (match) {
    const [, ns, lat, ew, lon, course, speed, y, mo, d, h, mi, s] = match as unknown as string[];
    position.valid = true;
    position.latitude = Number(lat) * (ns === 'S' ? -1 : 1);
    position.longitude = Number(lon) * (ew === 'W' ? -1 : 1);
    position.course = Number(course);
    position.speed = Number(speed);
    const time = utcDate(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s)).toISOString();
    position.deviceTime = time;
    position.fixTime = time;
  } else {
    markOutdated(position);
    setAttribute(position, 'result', data);
  }
  return { position, ack: ackOf(message) };
}

const FUEL_REPLY = /^!AIOIL,\d+,\d+\.\d+,(\d+\.\d+),[^,]+,\d\d\d\d,(\d+\.\d+),[01],\d+,[0-9a-fA-F]{2}$/;

/** 0x94: information records, by sub-type. */
export function decodeInfo(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const subType = reader.u8();
  const position = newPosition();
  markOutdated(position);
  switch (subType) {
    case 0x00: // external voltage
      setAttribute(position, 'adc1', reader.u16() / 100);
      break;
    case 0x04: // alarm configuration text: ALM1=..;STA1=..;DYD=..
      for (const entry of reader.ascii(Math.max(0, reader.remaining - 6)).split(';')) {
        const [key, value] = entry.split('=');
        if (key === undefined || value === undefined) continue;
        const number = /^[0-9a-fA-F]+$/.test(value) ? Number.parseInt(value, 16) : undefined;
        if (/^ALM[1-4]$/.test(key)) setAttribute(position, `alarm${key[3]}Status`, number);
        else if (key === 'STA1') setAttribute(position, 'otherStatus', number);
        else if (key === 'DYD') setAttribute(position, 'engineStatus', number);
      }
      break;
    case 0x05: // door / io
      if (reader.remaining >= 6 + 1 + 6) position.deviceTime = readDate(reader).toISOString();
      {
        const flags = reader.u8();
        setAttribute(position, 'door', (flags & 0x01) !== 0);
        setAttribute(position, 'io1', (flags & 0x04) !== 0);
      }
      break;
    case 0x0a: // IMEI, IMSI, ICCID
      reader.skip(8 + 8);
      setAttribute(position, 'iccid', reader.hex(10).replace(/f+$/, ''));
      break;
    case 0x0b: {
      const contentLength = message.length - 6;
      if (contentLength === 1) setAttribute(position, 'networkTechnology', reader.i8() > 0 ? '4G' : '2G');
      else if (contentLength === 2) setAttribute(position, 'power', reader.u16() / 100);
      break;
    }
    case 0x0d: {
      // fuel sensor text, optionally after 6 bytes of header
      if (reader.peekU8() !== 0x21) reader.skip(6);
      const match = FUEL_REPLY.exec(reader.ascii(Math.max(0, reader.remaining - 6)));
      if (!match) return {};
      setAttribute(position, 'temp1', Number(match[1]));
      setAttribute(position, 'fuel', Number(match[2]));
      break;
    }
    case 0x1b: // RFID reader: a serial text, or a card frame
      if (/[A-Za-z]/.test(String.fromCharCode(reader.peekU8()))) {
        setAttribute(position, 'serial', javaTrim(reader.ascii(Math.max(0, reader.remaining - 6))));
      } else {
        reader.skip(2); // header, type
        setAttribute(position, 'driverUniqueId', reader.hex(4));
        reader.skip(2); // checksum, footer
      }
      break;
    case 0x1e: // temperature and humidity
      setAttribute(position, 'temp1', reader.i32() / 10);
      setAttribute(position, 'humidity', reader.i32() / 10);
      break;
    default:
      return {};
  }
  return { position };
}

/** 0x32 / 0x33 in long frames (AZ735): optional fix, optional cell, status, alarm status byte. */
export function decodeAz735(message: Gt06Message): Gt06Outcome {
  const { reader, type } = message;
  const position = newPosition();
  if (!decodeGps(position, reader, { hasLength: true })) markOutdated(position);
  if (decodeLbs(position, reader, message, true)) setAttribute(position, 'rssi', reader.u8());
  reader.skip(reader.u8()); // more cell towers
  reader.skip(reader.u8()); // Wi-Fi access points
  const status = reader.u8();
  setAttribute(position, 'status', status);
  if (type === MSG.WIFI_5) {
    if (status === 0xa0) setAttribute(position, 'armed', true);
    else if (status === 0xa1) setAttribute(position, 'armed', false);
    else if (status === 0xa2 || status === 0xa3) addAlarm(position, 'lowBattery');
    else if (status === 0xa4) addAlarm(position, 'general');
    else if (status === 0xa5) addAlarm(position, 'door');
  }
  reader.skip(reader.u8()); // reserved extension
  return { position, ack: gt06Frame(true, type, message.serial) };
}

const OBD_KEYS: Record<number, string> = {
  40: 'odometer',
  43: 'fuel',
  45: 'coolantTemp',
  53: 'obdSpeed',
  54: 'rpm',
  71: 'fuelUsed',
  73: 'hours',
};

/** 0x8C (FM08ABC): date, ignition and "PID=hex" pairs. */
export function decodeObd(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  markOutdated(position, readDate(reader));
  setAttribute(position, 'ignition', reader.u8() > 0);
  const data = reader.ascii(Math.max(0, reader.remaining - 18));
  for (const pair of data.split(',')) {
    const [key, value] = pair.split('=');
    if (!key || value === undefined || key.length < 2) continue;
    const id = Number.parseInt(key.substring(0, 2), 16);
    if (id === 0x4a) setAttribute(position, 'vin', value);
    else if (OBD_KEYS[id] && /^[0-9a-fA-F]+$/.test(value)) {
      setAttribute(position, OBD_KEYS[id], Number.parseInt(value, 16) / 100);
    }
  }
  return { position };
}

/** 0x9B: data passed through from a serial peripheral: text when printable, else hex. */
export function decodeSerial(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  markOutdated(position);
  reader.skip(1); // external device type
  const bytes = reader.bytes(Math.max(0, reader.remaining - 6));
  const printable = bytes.every((b) => (b >= 32 && b < 0x80 ? true : b === 0x0d || b === 0x0a));
  setAttribute(position, 'result', printable ? javaTrim(asciiOf(bytes)) : bytes.toString('hex'));
  return { position };
}
