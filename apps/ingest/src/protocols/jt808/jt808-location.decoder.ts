import { NetworkBuilder } from '../../codec/network';
import { addAlarmOnce, newPosition, type PositionDraft, setTime } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import { type Jt808Reader, jt808Time, type LocationItems } from './jt808-frame';
import { decodeVendorItem } from './jt808-vendor.decoder';

/** Alarm flag bits of a location report, in Traccar's names, in the order they are listed. */
const ALARM_BITS: [number[], string][] = [
  [[0], 'sos'],
  [[1], 'overspeed'],
  [[2], 'fatigueDriving'],
  [[4, 9, 10, 11], 'fault'],
  [[5], 'gpsAntennaCut'],
  [[7, 18], 'lowBattery'],
  [[8], 'powerOff'],
  [[17], 'tampering'],
  [[20], 'geofence'],
  [[28], 'movement'],
  [[29, 30], 'accident'],
];

/**
 * A JT/T 808 location block (0x0200 body, one 0x0704 item, the tail of 0x0201/0x0500): alarm flags, status,
 * latitude/longitude (1e-6°), altitude (m), speed (0.1 km/h), course, BCD time (GMT+8), then additional items
 * (id, length, value). `reader.limit` is the end of what Traccar's buffer holds: for a 0x0200 it still covers the
 * checksum and closing 0x7E, which a few devices' short items spill into (and Traccar reads).
 */
export function decodeJt808Location(reader: Jt808Reader): PositionDraft {
  const position = newPosition();
  const attributes = position.attributes;
  const alarm = reader.u32();
  const status = reader.u32();
  for (const [bits, name] of ALARM_BITS) {
    if (bits.some((bit) => (alarm >>> bit) & 1)) addAlarmOnce(position, name);
  }
  attributes.ignition = (status & 1) === 1;
  attributes.blocked = ((status >>> 10) & 1) === 1;
  if ((status >>> 16) & 1) attributes.door = true;
  attributes.charge = ((status >>> 26) & 1) === 1;
  position.valid = ((status >>> 1) & 1) === 1;
  const latitude = reader.u32() * 0.000001;
  const longitude = reader.u32() * 0.000001;
  position.latitude = (status >>> 2) & 1 ? -latitude : latitude;
  position.longitude = (status >>> 3) & 1 ? -longitude : longitude;
  if (Math.abs(position.latitude) > 90 || Math.abs(position.longitude) > 180) {
    throw new Error('jt808: coordinates out of range');
  }
  position.altitude = reader.s16();
  position.speed = knotsFromKph(reader.u16() * 0.1);
  const course = reader.u16();
  position.course = course <= 360 ? course : 0;
  setTime(position, jt808Time(reader.bytes(6)));

  if (reader.remaining === 20) {
    decodeLegacyTail(reader, position);
    return position;
  }

  const items: LocationItems = { position, network: new NetworkBuilder() };
  try {
    while (reader.remaining > 2) {
      const id = reader.u8();
      const length = reader.u8();
      const end = reader.pos + length;
      const known = decodeStandardItem(reader, id, length, items) || decodeVendorItem(reader, id, length, items);
      if (end <= reader.limit) reader.pos = end;
      else if (!known) break;
    }
  } catch {
    // An item cut short by the end of the message: the position and the items before it stand.
  }
  position.network = items.network.build();
  return position;
}

/** Old terminals send 18 fixed bytes instead of items: 4 reserved, odometer (km), battery (0.1 V), area, rssi. */
function decodeLegacyTail(reader: Jt808Reader, position: PositionDraft): void {
  reader.skip(4);
  position.attributes.odometer = reader.u32() * 1000;
  position.attributes.battery = reader.u16() * 0.1;
  reader.skip(4); // area id
  position.attributes.rssi = reader.u8();
  reader.skip(3);
}

/**
 * Items of the standard and of the common OBD extension. Returns false for ids it does not know. Reads fixed
 * sizes from the reader, as Traccar does, so a short item may read into the next one.
 */
function decodeStandardItem(reader: Jt808Reader, id: number, length: number, items: LocationItems): boolean {
  const attributes = items.position.attributes;
  switch (id) {
    case 0x01:
      attributes.odometer = reader.u32() * 100;
      return true;
    case 0x02:
      attributes.fuel = reader.u16() / 10;
      return true;
    case 0x03: // speed from the tachograph, 0.1 km/h
      attributes.obdSpeed = reader.u16() / 10;
      return true;
    case 0x04: // id of an alarm event awaiting manual confirmation
      attributes.event = reader.u16();
      return true;
    case 0x06: // (2019) cargo compartment temperature, signed °C
      if (length !== 2) return false;
      attributes.temp1 ??= reader.s16();
      return true;
    case 0x11: // overspeed: location type (0 none, else area/route type and id)
    case 0x12: // area/route entry or exit: type, id, direction
      if (reader.u8() !== 0 && length >= 5) attributes.geofence = reader.u32();
      return true;
    case 0x13: // route drive time: route id, seconds, too short/long
      attributes.geofence = reader.u32();
      return true;
    case 0x14:
      attributes.videoAlarm = reader.u32();
      return true;
    case 0x25:
      attributes.input = reader.u32();
      return true;
    case 0x2b:
      attributes.adc1 = reader.u16() / 100;
      attributes.adc2 = reader.u16() / 100;
      return true;
    case 0x30:
      attributes.rssi = reader.u8();
      return true;
    case 0x31:
      attributes.sat = reader.u8();
      return true;
    case 0x33: {
      const sentence = reader.latin1(length);
      if (sentence.startsWith('*M00') && sentence.length >= 15) {
        const volts = Number.parseInt(sentence.substring(10, 13), 10);
        if (Number.isFinite(volts)) attributes.battery = volts * 0.01;
      }
      return true;
    }
    case 0x51:
      for (let i = 0; i < Math.max(1, Math.floor(length / 2)); i++) {
        const raw = reader.u16();
        if (raw !== 0xffff) attributes[`temp${i + 1}`] = ((raw & 0x8000 ? -1 : 1) * (raw & 0x7fff)) / 10;
      }
      return true;
    case 0x56:
      attributes.batteryLevel = reader.u8() * 10;
      reader.skip(1);
      return true;
    case 0x81:
      attributes.rpm = reader.u16();
      return true;
    case 0x82:
      attributes.power = reader.u16() / 10;
      return true;
    case 0x83:
      attributes.engineLoad = reader.u8();
      return true;
    case 0x84:
      attributes.coolantTemp = reader.u8() - 40;
      return true;
    case 0x85:
      attributes.fuelConsumption = reader.u16();
      return true;
    case 0x86:
      attributes.intakeTemp = reader.u8() - 40;
      return true;
    case 0x87:
      attributes.intakeFlow = reader.u16();
      return true;
    case 0x89:
      attributes.fuel = reader.u8();
      return true;
    case 0x8b:
      attributes.vin = reader.latin1(length);
      return true;
    case 0x8c:
      attributes.obdOdometer = reader.u32() * 100;
      return true;
    case 0x8d:
      attributes.tripOdometer = reader.u16() * 1000;
      return true;
    case 0x8e:
      attributes.throttle = reader.u8();
      return true;
    default:
      return false;
  }
}
