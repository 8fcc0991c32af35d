import type { ByteReader } from '../../codec/byte-reader';
import { isoTime } from '../../codec/dates';
import { macAddress, NetworkBuilder } from '../../codec/network';
import { newPosition, newPositionAt, type PositionDraft, setLocation, setTime } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import {
  addEelinkAlarm,
  applyEelinkStatus,
  COORDINATE_UNIT,
  MSG_ALARM,
  MSG_GPS,
  MSG_NORMAL,
  MSG_REPORT,
  MSG_STATE,
  MSG_WARNING,
} from './eelink-common';

/** The first-generation packets (GPS 0x02, alarm 0x04, state 0x05, SMS 0x06): fix, one cell, then per type. */
export function decodeEelinkOld(r: ByteReader, type: number, index: number): PositionDraft {
  const p = newPosition();
  p.attributes.index = index;
  setTime(p, r.u32() * 1000);
  setLocation(p, r.i32() / COORDINATE_UNIT, r.i32() / COORDINATE_UNIT);
  p.speed = knotsFromKph(r.u8());
  p.course = r.u16();
  const network = new NetworkBuilder();
  network.addCell(r.u16(), r.u16(), r.u16(), r.u24());
  p.network = network.build();
  p.valid = (r.u8() & 1) === 1;
  if (type === MSG_GPS) {
    if (r.remaining >= 2) applyEelinkStatus(p, r.u16());
    if (r.remaining >= 8) {
      p.attributes.battery = r.u16() / 1000;
      p.attributes.rssi = r.u16();
      p.attributes.adc1 = r.u16();
      p.attributes.adc2 = r.u16();
    }
  } else if (type === MSG_ALARM) {
    addEelinkAlarm(p, r.u8());
  } else if (type === MSG_STATE) {
    const event = r.u8();
    p.attributes.event = event;
    if (event >= 1 && event <= 3) {
      r.skip(4); // device time
      if (r.remaining >= 2) applyEelinkStatus(p, r.u16());
    }
  }
  return p;
}

function readNetwork(r: ByteReader, flags: number): NetworkBuilder {
  const network = new NetworkBuilder();
  let mcc = 0;
  let mnc = 0;
  for (let bit = 1; bit <= 3; bit++) {
    if (((flags >> bit) & 1) === 0) continue;
    if (bit === 1) {
      mcc = r.u16();
      mnc = r.u16();
    }
    network.addCell(mcc, mnc, r.u16(), r.u32(), -r.u8());
  }
  for (let bit = 4; bit <= 6; bit++) {
    if (((flags >> bit) & 1) === 0) continue;
    network.addWifi(macAddress(r.bytes(6)), -r.u8());
  }
  if ((flags >> 7) & 1) {
    r.skip(1); // radio access technology
    const count = r.u8();
    const cells = count & 0x07;
    if (cells > 0) {
      mcc = r.u16();
      mnc = r.u16();
      const lac = r.u16();
      r.skip(2); // tac
      const cid = r.u32();
      r.skip(6); // timing advance, physical cell id, E-ARFCN
      network.addCell(mcc, mnc, lac, cid, -r.u8());
      r.skip((cells - 1) * 5);
    }
    const wifis = (count >> 3) & 0x0f;
    for (let i = 0; i < wifis; i++) network.addWifi(macAddress(r.bytes(6)), -r.u8());
  }
  return network;
}

/**
 * The status word of the second-generation packets: fix validity, motion and GNSS state on top of the old bits,
 * and the relay bit 6 meaning "cut" here (the first generation sets it when the relay is closed).
 */
function applyNewStatus(p: PositionDraft, status: number): void {
  const bit = (n: number) => ((status >> n) & 1) === 1;
  p.valid = bit(0);
  applyEelinkStatus(p, status);
  if (bit(3)) p.attributes.motion = bit(9);
  if (bit(5)) p.attributes.blocked = bit(6);
  p.attributes.gps = bit(10);
}

/** The sensor tail of a normal (0x12) packet: battery, ADCs, odometer, counters, steps, climate, BLE tags. */
function readNormalTail(r: ByteReader, p: PositionDraft): void {
  const a = p.attributes;
  if (r.remaining >= 2) a.battery = r.u16() / 1000;
  if (r.remaining >= 4) {
    a.adc0 = r.u16();
    a.adc1 = r.u16();
  }
  if (r.remaining >= 4) a.odometer = r.u32();
  if (r.remaining >= 4) r.skip(4); // GSM and GPS counters
  if (r.remaining >= 4) {
    a.steps = r.u16();
    r.skip(2); // walking time
  }
  if (r.remaining >= 12) {
    a.temp1 = r.i16() / 256;
    a.humidity = r.u16() / 10;
    a.illuminance = r.u32() / 256;
    a.co2 = r.u32();
  }
  if (r.remaining >= 2) a.temp2 = r.i16() / 16;
  if (r.remaining >= 2) {
    const count = r.u8();
    r.skip(1); // id
    for (let i = 1; i <= count; i++) {
      a[`tag${i}Id`] = r.hex(6);
      r.skip(4); // signal, reserved, model, version
      a[`tag${i}Battery`] = r.u16() / 1000;
      a[`tag${i}Temp`] = r.i16() / 256;
      a[`tag${i}Data`] = r.u16();
    }
  }
}

/** Second-generation packets (0x12-0x19): time, a flag byte saying which of fix/cells/Wi-Fi follow, then per type. */
export function decodeEelinkNew(r: ByteReader, type: number, index: number): PositionDraft {
  const time = isoTime(r.u32() * 1000);
  const flags = r.u8();
  let p: PositionDraft;
  if (flags & 1) {
    p = newPosition();
    p.deviceTime = time;
    p.fixTime = time;
    setLocation(p, r.i32() / COORDINATE_UNIT, r.i32() / COORDINATE_UNIT);
    p.altitude = r.i16();
    p.speed = knotsFromKph(r.u16());
    p.course = r.u16();
    p.attributes.index = index;
    p.attributes.sat = r.u8();
  } else {
    p = newPositionAt(time);
    p.attributes.index = index;
  }
  p.network = readNetwork(r, flags).build();
  if (type === MSG_WARNING) addEelinkAlarm(p, r.u8());
  else if (type === MSG_REPORT) r.skip(1); // report type
  if (type === MSG_NORMAL || type === MSG_WARNING || type === MSG_REPORT) applyNewStatus(p, r.u16());
  if (type === MSG_NORMAL) readNormalTail(r, p);
  return p;
}
