import { addCellTower, addWifiAccessPoint, cellTower, macAddress } from '../../codec/network';
import { addAlarm, markOutdated, newPosition, setAttribute } from '../../codec/position-builder';
import { ackOf, decodeAlarm, readBcdDate, readDate } from './gt06-common';
import type { Gt06Message, Gt06Outcome } from './gt06-types';
import { MSG } from './gt06-types';

/** Cell-tower and Wi-Fi reports: no GNSS fix of their own, only what a geolocation service needs. */

/** 0x17 / 0x69 / 0xF3: BCD time, access points (count in the length byte), then cells. */
export function decodeWifi(message: Gt06Message): Gt06Outcome {
  const { reader, type, frame } = message;
  const timeBytes = Buffer.from(frame.subarray(reader.position, reader.position + 6));
  const position = newPosition();
  markOutdated(position, readBcdDate(reader));
  const wifi4 = type === MSG.WIFI_4;
  const wifiCount = wifi4 ? reader.u8() : (frame[2] ?? 0);
  for (let i = 0; i < wifiCount; i++) {
    if (wifi4) reader.skip(2);
    const mac = macAddress(reader.bytes(6));
    addWifiAccessPoint(position, wifi4 ? { macAddress: mac } : { macAddress: mac, signalStrength: -reader.u8() });
  }
  if (wifi4) {
    position.network ??= { radioType: 'gsm', considerIp: false };
    return { position };
  }
  const cellCount = reader.u8();
  const mcc = reader.u16();
  const mnc = reader.u8();
  for (let i = 0; i < cellCount; i++) {
    addCellTower(position, cellTower(mcc, mnc, reader.u16(), reader.u16(), -reader.u8()));
  }
  position.network ??= { radioType: 'gsm', considerIp: false };
  // These devices expect their own time back: 78 78 00 type time CR LF.
  const ack = Buffer.concat([Buffer.from([0x78, 0x78, 0x00, type]), timeBytes, Buffer.from([0x0d, 0x0a])]);
  return { position, ack };
}

const NO_WIFI = new Set<number>([MSG.LBS_MULTIPLE_1, MSG.LBS_MULTIPLE_2, MSG.LBS_MULTIPLE_3, MSG.LBS_2, MSG.X1_GPS]);

/** Multi-cell reports (0x28, 0x2E, 0x24, 0x18, 0x2C, 0xA1, 0xA2, 0x33, 0x34, 0xA9), some with Wi-Fi. */
export function decodeLbsMultiple(message: Gt06Message): Gt06Outcome {
  const { reader, type, variant, model } = message;
  const position = newPosition();
  markOutdated(position, readDate(reader));
  const taFirst = variant === 'wanwayS20' || variant === 'sl4x';
  if (taFirst) reader.skip(1); // timing advance
  const mcc = reader.u16();
  const mnc = (mcc & 0x8000) !== 0 || variant === 'sl4x' ? reader.u16() : reader.u8();
  const cell4g = type === MSG.WIFI_ALARM && reader.u8() > 0;
  const cellCount = variant === 'wanwayS20' || type === MSG.WIFI_ALARM ? reader.u8() : type === MSG.WIFI_5 ? 6 : 7;
  for (let i = 0; i < cellCount; i++) {
    let lac: number;
    let cid: number;
    if (type === MSG.LBS_2 || type === MSG.WIFI_3 || cell4g) {
      lac = reader.i32();
      cid = reader.i64();
    } else if (type === MSG.WIFI_5 || type === MSG.X1_GPS) {
      lac = reader.u16();
      cid = reader.u32();
    } else {
      lac = reader.u16();
      cid = reader.u24();
    }
    const rssi = -reader.u8();
    if (lac > 0) addCellTower(position, cellTower(mcc & 0x7fff, mnc, lac, cid, rssi));
  }
  if (!taFirst) reader.skip(1); // timing advance
  if (!NO_WIFI.has(type)) {
    const wifiCount = reader.u8();
    for (let i = 0; i < wifiCount; i++) {
      const mac = macAddress(reader.bytes(6));
      addWifiAccessPoint(position, { macAddress: mac, signalStrength: -reader.u8() });
    }
  }
  position.network ??= { radioType: 'gsm', considerIp: false };
  if (type === MSG.WIFI_ALARM) {
    const alarm = reader.u8();
    const language = reader.u8();
    addAlarm(position, decodeAlarm(((language >> 4) << 8) | alarm, model));
  }
  return { position, ack: ackOf(message) };
}

/** 0xB2: a Bluetooth tag seen by an attendance clock. */
export function decodeBluetoothClock(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  markOutdated(position, readDate(reader));
  setAttribute(position, 'rssi', reader.i8());
  setAttribute(position, 'tagMac', reader.hex(6));
  setAttribute(position, 'tagUuid', reader.hex(16));
  setAttribute(position, 'tagMajor', reader.u16());
  setAttribute(position, 'tagMinor', reader.u16());
  setAttribute(position, 'tagBattery', reader.u16() / 100);
  setAttribute(position, 'clock', (reader.u8() >> 2) & 0x0f);
  return { position, ack: ackOf(message) };
}
