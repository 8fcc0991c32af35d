import { addAlarmOnce } from '../../codec/position-builder';
import { decodeBundle } from './jt808-bundle.decoder';
import type { Jt808Reader, LocationItems } from './jt808-frame';

/**
 * Manufacturer items of a JT/T 808 location report (ids 0x60 and up), as the trackers that use them lay them out:
 * e-locks (0x60/0x63/0xD5), ADAS alarms (0x64), battery and power items, OBD text (0xE6), the 0xEB bundles of
 * sub-items, Wi-Fi and cell lists (0xEC/0xF0/0xF4/0xE1) and the sensor items of 0xF0..0xF9 terminals.
 * Returns false for ids it does not know.
 */
export function decodeVendorItem(reader: Jt808Reader, id: number, length: number, items: LocationItems): boolean {
  const { position, network } = items;
  const attributes = position.attributes;
  switch (id) {
    case 0x60:
      attributes.event = reader.u16();
      if (length >= 16) {
        reader.skip(6);
        attributes.driverUniqueId = reader.latin1(8);
      }
      return true;
    case 0x63:
      for (let i = 1; i <= Math.floor(length / 11); i++) {
        attributes[`lock${i}Id`] = reader.hex(6);
        attributes[`lock${i}Battery`] = reader.u16() / 1000;
        attributes[`lock${i}Seal`] = reader.u8() === 0x31;
        reader.skip(2);
      }
      return true;
    case 0x64:
      if (length < 22) return false;
      reader.skip(5); // alarm id, flag
      attributes.adasAlarm = reader.u8();
      reader.skip(length - 22);
      attributes.alarmLabel = reader.hex(16);
      return true;
    case 0x67:
      attributes.password = reader.latin1(length);
      return true;
    case 0x68:
      attributes.batteryLevel = reader.u16() * 0.01;
      return true;
    case 0x69:
      attributes.battery = reader.u16() / 100;
      return true;
    case 0xd3:
      attributes.power = reader.u16() / 10;
      return true;
    case 0xd4:
      attributes.batteryLevel = reader.u8();
      return true;
    case 0xd5: {
      const count = reader.u8();
      for (let i = 1; i <= count; i++) {
        attributes[`lock${i}Id`] = reader.hex(5);
        attributes[`lock${i}Card`] = reader.hex(5);
        attributes[`lock${i}Battery`] = reader.u8();
        attributes[`lock${i}Locked`] = ((reader.u16() >>> 5) & 1) === 0;
      }
      return true;
    }
    case 0xda: {
      reader.skip(2); // string cut count
      const status = reader.u8();
      attributes.string = (status & 1) === 1;
      attributes.motion = ((status >>> 2) & 1) === 1;
      attributes.cover = ((status >>> 3) & 1) === 1;
      return true;
    }
    case 0xe1:
      if (length === 1) attributes.batteryLevel = reader.u8();
      else if (length === 2) attributes.power = reader.u16() / 10;
      else if (length === 4) attributes.driverUniqueId = String(reader.u32());
      else if (length === 12) {
        const mcc = reader.u16();
        const mnc = reader.u16();
        reader.skip(1);
        const lac = reader.u16();
        const cid = reader.u32();
        network.addCell(mcc, mnc, lac, cid, reader.u8());
      } else return false;
      return true;
    case 0xe2:
      attributes.fuel = reader.u32() / 10;
      return true;
    case 0xe3:
      reader.skip(1);
      attributes.batteryLevel = reader.u8();
      attributes.battery = reader.u16() / 100;
      return true;
    case 0xe4:
      if (length !== 2) return false;
      attributes.batteryLevel = reader.u16();
      return true;
    case 0xe5:
      if (length !== 1) return false;
      attributes.motion = reader.u8() === 1;
      return true;
    case 0xe6:
      decodeObdText(reader.latin1(length), attributes);
      return true;
    case 0xe8:
      if (length > 3) return false;
      attributes.lockStatus = reader.u24();
      return true;
    case 0xeb:
      decodeBundle(reader, length, items);
      return true;
    case 0xec:
    case 0xf4:
      for (let i = 0; i < Math.floor(length / 7); i++) {
        const mac = [...reader.bytes(6)].map((b) => b.toString(16).padStart(2, '0')).join(':');
        network.addWifi(mac, reader.s8());
      }
      return true;
    case 0xf0:
      for (let i = 0; i < Math.floor(length / 13); i++) {
        const mcc = reader.u16();
        const mnc = reader.u16();
        const cid = reader.u32();
        const lac = reader.u32();
        network.addCell(mcc, mnc, lac, cid, -reader.u8());
      }
      return true;
    case 0xf1:
      if (length !== 4) return false;
      attributes.power = reader.u32() / 1000;
      return true;
    case 0xf2:
      attributes.versionFw = reader.latin1(length);
      return true;
    case 0xf5:
      if (length !== 1) return false;
      attributes.charge = reader.u8() === 1;
      return true;
    case 0xf6:
      decodeSensors(reader, length, items);
      return true;
    case 0xf7:
      if (length < 6) return false;
      attributes.battery = reader.u32() / 1000;
      if (reader.u8() === 2) attributes.charge = true;
      attributes.batteryLevel = reader.u8();
      return true;
    case 0xf8:
      if (length < 19) return false;
      reader.skip(9); // type, IMEI
      attributes.iccid = reader.hex(10);
      return true;
    case 0xf9:
      if (length < 12) return false;
      reader.skip(10);
      attributes.hdop = reader.u16() / 10;
      return true;
    case 0xfe:
      decodeFe(reader, length, items);
      return true;
    default:
      return false;
  }
}

/** `$OBD-RT,battery,rpm,speed,throttle,load,coolant,...,odometer,,fuelUsed,...`: the values Traccar names. */
function decodeObdText(text: string, attributes: LocationItems['position']['attributes']): void {
  if (!text.startsWith('$OBD-RT')) return;
  const values = text.split(',');
  const number = (i: number) => {
    const value = values[i]?.trim() ?? '';
    return value === '' ? undefined : Number(value);
  };
  const set = (key: string, i: number, integer = false) => {
    const value = number(i);
    if (value !== undefined && Number.isFinite(value)) attributes[key] = integer ? Math.trunc(value) : value;
  };
  set('rpm', 2);
  set('obdSpeed', 3);
  set('engineLoad', 5);
  set('coolantTemp', 6, true);
  set('obdOdometer', 10);
  set('fuelUsed', 12);
}

/**
 * 0xF6: 8 bytes = the IMEI (hex, first digit dropped); otherwise an event byte (2: movement), a mask of the readings
 * that follow
 * (bit 0 light, 1 temperature, 2 humidity, 3 accelerometer x/y/z) and the readings.
 */
function decodeSensors(reader: Jt808Reader, length: number, items: LocationItems): void {
  const attributes = items.position.attributes;
  if (length === 8) {
    attributes.imei = reader.hex(8).substring(1);
    return;
  }
  const event = reader.u8();
  attributes.event = event;
  if (event === 2) {
    addAlarmOnce(items.position, 'movement');
    attributes.motion = true;
  }
  const mask = reader.u8();
  if (mask & 1) attributes.lightSensor = reader.u16();
  if (mask & 2) attributes.temp1 = reader.s16() / 10;
  if (mask & 4) attributes.humidity = reader.u16() / 10;
  if (mask & 8) attributes.gSensor = `[${reader.s16()},${reader.s16()},${reader.s16()}]`;
}

/**
 * 0xFE: one byte battery level, two bytes power (0.1 V), or 0x7C and sub-items (0x01: driving-behaviour alarm
 * bits) ending with a battery level byte. Traccar reads that last byte past the item (from the checksum when the
 * item has none); here it is only read when the item holds it.
 */
function decodeFe(reader: Jt808Reader, length: number, items: LocationItems): void {
  const { position } = items;
  if (length === 1) {
    position.attributes.batteryLevel = reader.u8();
    return;
  }
  if (length === 2) {
    position.attributes.power = reader.u16() / 10;
    return;
  }
  const end = reader.pos + length;
  if (reader.u8() !== 0x7c) return;
  while (end - reader.pos >= 2) {
    const subId = reader.u8();
    const subLength = reader.u8();
    const subEnd = reader.pos + subLength;
    if (subEnd > end) break;
    if (subId === 0x01 && subLength >= 4) {
      const alarms = reader.u32();
      if (alarms & 1) addAlarmOnce(position, 'hardAcceleration');
      if (alarms & 2) addAlarmOnce(position, 'hardBraking');
      if (alarms & 4) addAlarmOnce(position, 'hardCornering');
      if (alarms & 8) addAlarmOnce(position, 'accident');
      if (alarms & 16) addAlarmOnce(position, 'tampering');
    }
    reader.pos = subEnd;
  }
  if (end - reader.pos === 1) position.attributes.batteryLevel = reader.u8();
}
