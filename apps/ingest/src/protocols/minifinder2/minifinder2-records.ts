import type { ByteReader } from '../../codec/byte-reader';
import { isoTime } from '../../codec/dates';
import { macAddress, type NetworkBuilder } from '../../codec/network';
import { addAlarm, type PositionDraft } from '../../codec/position-builder';
import { asciiOf } from '../../codec/text';
import { knotsFromKph } from '../../codec/units';

/** A record in progress: its position, its network and the numbered beacon tags met so far. */
export interface MinifinderRecord {
  position: PositionDraft;
  network: NetworkBuilder;
  tags: number;
  /** A location came with the record (GNSS, or a beacon's or a tag's own). */
  located: boolean;
}

const bit = (value: number, n: number) => Math.floor(value / 2 ** n) % 2 === 1;
const u16le = (r: ByteReader) => r.bytes(2).readUInt16LE(0);
const i16le = (r: ByteReader) => r.bytes(2).readInt16LE(0);
const i32le = (r: ByteReader) => r.bytes(4).readInt32LE(0);

/** A tag id: six bytes, least significant first. */
const tagId = (r: ByteReader) => Buffer.from(r.bytes(6)).reverse().toString('hex');

function alarmOf(code: number): string | undefined {
  if (bit(code, 0)) return 'lowBattery';
  if (bit(code, 1)) return 'overspeed';
  if (bit(code, 2)) return 'fallDown';
  if (bit(code, 8)) return 'powerOff';
  if (bit(code, 9)) return 'powerOn';
  if (bit(code, 12)) return 'sos';
  return undefined;
}

function location(record: MinifinderRecord, r: ByteReader): void {
  const latitude = i32le(r) * 1e-7;
  const longitude = i32le(r) * 1e-7;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new Error('minifinder2: coordinates out of range');
  record.position.latitude = latitude;
  record.position.longitude = longitude;
  record.position.valid = true;
  record.located = true;
}

/** Reads one key's value (the reader ends where the key does). */
export function readKey(record: MinifinderRecord, key: number, r: ByteReader): void {
  const p = record.position;
  const a = p.attributes;
  switch (key) {
    case 0x02: {
      const code = r.u32le();
      a.event = code;
      addAlarm(p, alarmOf(code));
      if (bit(code, 31)) a.bark = true;
      if (r.remaining >= 4) {
        // the time the alarm was raised: the device time (the fix keeps its own)
        p.deviceTime = isoTime(r.u32le() * 1000);
      }
      break;
    }
    case 0x14:
      a.batteryLevel = r.u8();
      a.battery = u16le(r) * 0.001;
      break;
    case 0x19: // Wi-Fi with names: rssi, MAC, SSID
      while (r.remaining > 0) {
        const rssi = r.i8();
        record.network.addWifi(macAddress(r.bytes(6)), rssi);
        r.skip(r.u8());
      }
      break;
    case 0x20: {
      location(record, r);
      p.speed = knotsFromKph(u16le(r));
      p.course = u16le(r);
      if (p.course > 360) throw new Error(`minifinder2: course ${p.course} out of range`);
      p.altitude = i16le(r);
      const hdop = u16le(r);
      p.valid = hdop > 0;
      a.hdop = hdop * 0.1;
      a.odometer = r.u32le();
      a.sat = r.u8();
      break;
    }
    case 0x21: {
      const mcc = u16le(r);
      const mnc = r.u8();
      while (r.remaining > 0) {
        const rssi = r.i8();
        record.network.addCell(mcc, mnc, u16le(r), u16le(r), rssi);
      }
      break;
    }
    case 0x22:
      while (r.remaining > 0) {
        const rssi = r.i8();
        record.network.addWifi(macAddress(r.bytes(6)), rssi);
      }
      break;
    case 0x23:
      a.tagId = tagId(r);
      location(record, r);
      break;
    case 0x24: {
      const time = isoTime(r.u32le() * 1000);
      p.deviceTime = time;
      p.fixTime = time;
      const status = r.u32le();
      if (bit(status, 4)) a.charge = true;
      if (bit(status, 7)) a.archive = true;
      a.motion = bit(status, 9);
      a.rssi = Math.floor(status / 2 ** 19) % 32;
      a.batteryLevel = Math.floor(status / 2 ** 24);
      a.status = status;
      break;
    }
    case 0x28: {
      // one of several beacons seen, numbered within the record, with its location and name when it has them
      const flags = r.u8();
      const n = ++record.tags;
      a[`tagId${n}`] = tagId(r);
      a[`tagRssi${n}`] = r.i8();
      a[`tag1mRssi${n}`] = r.i8();
      if (flags & 0x80) location(record, r);
      if (flags & 0x40) a[`description${n}`] = asciiOf(r.bytes(r.remaining));
      break;
    }
    case 0x2a: {
      const flags = r.u8();
      r.skip(7); // MAC, rssi
      if (flags & 0x80) location(record, r);
      if (flags & 0x40) a.description = asciiOf(r.bytes(r.remaining));
      break;
    }
    case 0x2c: {
      // one of several beacons seen: numbered within the record
      r.skip(1); // flags
      const n = ++record.tags;
      a[`tagId${n}`] = tagId(r);
      a[`tagRssi${n}`] = r.i8();
      a[`tag1mRssi${n}`] = r.i8();
      a[`tagBattery${n}`] = r.u8();
      break;
    }
    case 0x30:
      r.skip(4); // time
      a.steps = r.u32le();
      break;
    case 0x31:
      for (let i = 1; r.remaining >= 8; i++) {
        a[`activity${i}Time`] = r.u32le();
        a[`activity${i}`] = r.u32le();
      }
      break;
    case 0x37: {
      r.skip(4); // time
      const barking = r.u32le();
      if (bit(barking, 31)) a.barkStop = true;
      a.barkCount = barking % 2 ** 31;
      break;
    }
    case 0x40: {
      r.skip(4);
      const rate = r.u8();
      if (rate > 1) a.heartRate = rate;
      break;
    }
    case 0x41: {
      r.skip(4);
      const spO2 = r.u8();
      if (spO2 > 1) a.spO2 = spO2;
      break;
    }
  }
}
