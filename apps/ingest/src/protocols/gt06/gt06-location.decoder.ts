import type { ByteReader } from '../../codec/byte-reader';
import { addAlarm, markOutdated, newPosition, type PositionDraft, setAttribute } from '../../codec/position-builder';
import { javaTrim } from '../../codec/text';
import { ackOf, decodeAlarm, decodeGps, decodeLbs, decodeStatus, looksLikeDate, readIsoDate } from './gt06-common';
import type { Gt06Message, Gt06Outcome, Variant } from './gt06-types';
import { MSG } from './gt06-types';

/**
 * The location/status family of short (0x7878) frames: a GPS block, a cell block and a terminal status block in
 * the combinations each type carries, followed by the extras of each device family.
 */

/** Block flags per type (types are one byte): GPS block, cell block, status block. */
const GPS = 1;
const LBS = 2;
const STATUS = 4;
const BLOCKS = new Uint8Array(256);
const GPS_TYPES = [
  MSG.GPS,
  MSG.GPS_LBS_1,
  MSG.GPS_LBS_2,
  MSG.GPS_LBS_DRIVER,
  MSG.GPS_LBS_3,
  MSG.GPS_LBS_4,
  MSG.GPS_LBS_5,
  MSG.GPS_LBS_6,
  MSG.GPS_LBS_STATUS_1,
  MSG.GPS_LBS_STATUS_2,
  MSG.GPS_LBS_STATUS_3,
  MSG.GPS_LBS_STATUS_4,
  MSG.WIFI_3,
  MSG.GPS_PHONE,
  MSG.GPS_LBS_EXTEND,
  MSG.GPS_LBS_7,
  MSG.WIFI,
  MSG.FENCE_MULTI,
  MSG.ALARM_MODULE,
];

const LBS_TYPES = [
  MSG.LBS_STATUS,
  MSG.GPS_LBS_1,
  MSG.GPS_LBS_2,
  MSG.GPS_LBS_DRIVER,
  MSG.GPS_LBS_3,
  MSG.GPS_LBS_4,
  MSG.GPS_LBS_5,
  MSG.GPS_LBS_6,
  MSG.GPS_LBS_STATUS_1,
  MSG.GPS_LBS_STATUS_2,
  MSG.GPS_LBS_STATUS_3,
  MSG.GPS_LBS_STATUS_4,
  MSG.WIFI_3,
  MSG.GPS_LBS_7,
  MSG.WIFI,
  MSG.FENCE_MULTI,
  MSG.ALARM_MODULE,
  MSG.LBS_ALARM,
  MSG.LBS_ADDRESS,
];

const STATUS_TYPES = [
  MSG.STATUS,
  MSG.STATUS_2,
  MSG.LBS_STATUS,
  MSG.GPS_LBS_STATUS_1,
  MSG.GPS_LBS_STATUS_2,
  MSG.GPS_LBS_STATUS_3,
  MSG.GPS_LBS_STATUS_4,
  MSG.WIFI_3,
  MSG.FENCE_MULTI,
  MSG.ALARM_MODULE,
  MSG.LBS_ALARM,
];
for (const type of GPS_TYPES) BLOCKS[type] = (BLOCKS[type] as number) | GPS;
for (const type of LBS_TYPES) BLOCKS[type] = (BLOCKS[type] as number) | LBS;
for (const type of STATUS_TYPES) BLOCKS[type] = (BLOCKS[type] as number) | STATUS;

/** The flags of a type (0 for a type outside one byte, as none of those has a block). */
const blocksOf = (type: number) => (type >= 0 && type < 256 ? (BLOCKS[type] as number) : 0);

const hasGps = (type: number, variant: Variant) =>
  (blocksOf(type) & GPS) !== 0 || (type === MSG.FENCE_SINGLE && variant !== 'seeworld');
const hasLbs = (type: number, variant: Variant) =>
  (blocksOf(type) & LBS) !== 0 || (type === MSG.FENCE_SINGLE && variant !== 'seeworld');
const hasStatus = (type: number, variant: Variant, nt: boolean) =>
  (blocksOf(type) & STATUS) !== 0 ||
  ((type === MSG.GPS_LBS_2 || type === MSG.GPS_LBS_DRIVER) && nt) ||
  (type === MSG.FENCE_SINGLE && variant === 'seeworld');

/** `skip` bytes of prefix (e.g. an IMEI) then a date, where a date would otherwise be expected. */
const prefixedDate = (reader: ByteReader, skip: number) => !looksLikeDate(reader) && looksLikeDate(reader, skip);

export function decodeLocationFamily(message: Gt06Message): Gt06Outcome | null {
  const { reader, type, variant, model } = message;
  if (message.extended && (type === MSG.GPS_LBS_STATUS_4 || type === MSG.STATUS_2)) return null;
  const driverFamily = type === MSG.GPS_LBS_2 || type === MSG.GPS_LBS_DRIVER;
  // NT/XT series: location source, IMEI and a record date come first (known model, or recognised by layout).
  const nt = driverFamily && (model.nt || prefixedDate(reader, 9));
  const gps = hasGps(type, variant);
  const lbs = hasLbs(type, variant);
  const status = hasStatus(type, variant, nt);
  if (!gps && !lbs && !status) return null;
  if (type === MSG.LBS_STATUS && variant === 'space10x') return {}; // multi-cell report, not decoded

  const position = newPosition();
  // Numbers read from the frame are always finite, so they are stored directly; text goes through setAttribute
  // (which leaves out empty strings).
  position.attributes.type = type;

  // QH302R: the IMEI precedes the record.
  if (type === MSG.GPS_LBS_1 && (model.name === 'QH302R' || prefixedDate(reader, 8))) reader.skip(8);
  if (nt) {
    reader.skip(1 + 8); // location source type, IMEI
    position.deviceTime = readIsoDate(reader);
  }

  if (gps) decodeGps(position, reader);
  else markOutdated(position);

  if (lbs && reader.remaining > 6) {
    const lbsHasLength =
      status &&
      type !== MSG.LBS_STATUS &&
      type !== MSG.LBS_ALARM &&
      type !== MSG.ALARM_MODULE &&
      !(type === MSG.GPS_LBS_STATUS_1 && variant === 'vxt01') &&
      type !== MSG.WIFI_3;
    decodeLbs(position, reader, message, lbsHasLength);
  }

  // VL series: the status block of 0x16 is followed by a language byte and an 8-byte driver card.
  const vl = model.vl || (type === MSG.GPS_LBS_STATUS_1 && reader.remaining === 4 + 1 + 8 + 6);
  if (status) decodeStatusBlock(position, message, nt, vl);

  if (
    type === MSG.STATUS_2 ||
    type === MSG.WIFI_3 ||
    type === MSG.GPS_LBS_STATUS_3 ||
    type === MSG.FENCE_MULTI ||
    type === MSG.ALARM_MODULE ||
    nt
  ) {
    reader.skip(1); // language
  }

  if (type === MSG.STATUS_2 || type === MSG.ALARM_MODULE) {
    while (reader.remaining > 6) {
      const id = reader.u16();
      const length = reader.u8();
      if (id === 0x0018) position.attributes.battery = reader.u16() / 100;
      else if (id === 0x0032) position.attributes.startupStatus = reader.u8();
      else if (id === 0x006a) position.attributes.batteryLevel = reader.u8();
      else reader.skip(length);
    }
  }

  if (type === MSG.WIFI_3) {
    position.attributes.odometer = reader.u32();
    position.attributes.hours = reader.u32() * 1000;
    reader.skip(8); // terminal id
    position.attributes.input = reader.u16();
  }

  if (type === MSG.GPS_LBS_1) decodeGpsLbs1Extras(position, message);

  if (type === MSG.GPS_LBS_2 && variant === 'seeworld') {
    position.attributes.ignition = reader.u8() > 0;
    reader.skip(2); // reporting mode, supplementary transmission
    position.attributes.odometer = reader.u32();
    reader.skip(4); // travel time
    const raw = reader.u16();
    const temperature = raw & 0x8000 ? -(raw & 0x7fff) : raw;
    position.attributes.temp1 = temperature / 100;
    position.attributes.humidity = reader.u16() / 100;
  }

  if (type === MSG.GPS_LBS_STATUS_4 && variant === 'sl4x') position.altitude = reader.i16();

  if (
    (type === MSG.GPS_LBS_2 || type === MSG.GPS_LBS_3 || type === MSG.GPS_LBS_4 || type === MSG.GPS_LBS_5) &&
    reader.remaining >= 3 + 6 &&
    !nt
  ) {
    position.attributes.ignition = reader.u8() > 0;
    position.attributes.event = reader.u8(); // reason of the report
    position.attributes.archive = reader.u8() > 0;
    if (variant === 'sl4x') {
      if (reader.remaining > 2 + 6) position.attributes.odometer = reader.u32();
      position.altitude = reader.i16();
    }
  }

  if (type === MSG.GPS_LBS_3) {
    const module = reader.u16();
    const length = reader.u8();
    if (module === 0x0027) position.attributes.power = reader.u16() / 100;
    else if (module === 0x002e) position.attributes.odometer = reader.u32();
    else if (module === 0x003b) position.accuracy = reader.u16() / 100;
    else reader.skip(length);
  }

  if (type === MSG.WIFI) {
    // RFID variant of 0x17: the card follows the record
    setAttribute(position, 'driverUniqueId', reader.hex(8));
    reader.skip(1); // validity
  }

  if (nt) {
    position.attributes.odometer = reader.u24();
    position.attributes.hours = reader.u24() * 60 * 1000;
    if (type === MSG.GPS_LBS_DRIVER) {
      const length = reader.u8();
      if (length > 0) {
        reader.skip(1); // identifier type
        setAttribute(position, 'driverUniqueId', reader.hex(length - 1));
      }
    }
  }

  if (vl && type === MSG.GPS_LBS_STATUS_1 && reader.remaining === 1 + 8 + 6) {
    reader.skip(1);
    const card = reader.hex(8);
    if (/[^0]/.test(card)) setAttribute(position, 'driverUniqueId', card);
  }

  if (reader.remaining === 3 + 6 || reader.remaining === 3 + 4 + 6) {
    position.attributes.ignition = reader.u8() > 0;
    reader.skip(1); // upload mode
    if (reader.u8() > 0) position.attributes.archive = true;
  }

  if (reader.remaining === 4 + 6) position.attributes.odometer = reader.u32();

  if (type === MSG.GPS_LBS_STATUS_3 || type === MSG.FENCE_MULTI) position.attributes.geofence = reader.u8();

  return { position, ack: ackOf(message) };
}

function decodeStatusBlock(position: PositionDraft, message: Gt06Message, nt: boolean, vl: boolean): void {
  const { reader, type, variant, model } = message;
  if (type === MSG.WIFI_3) reader.skip(1); // network indicator
  decodeStatus(position, reader, variant);
  if (variant === 'obd6') {
    const signal = reader.u16();
    position.attributes.sat = ((signal >> 10) & 0x1f) + ((signal >> 5) & 0x1f);
    position.attributes.rssi = signal & 0x1f;
    addAlarm(position, decodeAlarm(reader.u8(), model));
    reader.skip(1); // language
    position.attributes.batteryLevel = reader.u8();
    const mode = reader.u8();
    position.attributes.power = reader.u16() / 100;
    reader.skip(1 + 2); // reserved, working time
    if (mode === 4) position.attributes.temp1 = reader.i16() / 10;
    return;
  }
  if (type === MSG.WIFI_3 || nt) position.attributes.power = reader.u16() / 100;
  if (type === MSG.STATUS && model.name === 'R11') {
    position.attributes.power = reader.u16() / 100;
  } else {
    const battery = reader.u8();
    if (nt) position.attributes.battery = battery / 10;
    else if (battery <= 6) position.attributes.batteryLevel = Math.floor((battery * 100) / 6);
    else if (battery <= 100) position.attributes.batteryLevel = battery;
  }
  position.attributes.rssi = reader.u8();
  if (type === MSG.STATUS && model.lw) {
    position.attributes.power = (reader.u16() & 0x0fff) / 10;
    return;
  }
  let extension = reader.u8();
  if (type === MSG.GPS_LBS_STATUS_3 || type === MSG.FENCE_MULTI || type === MSG.ALARM_MODULE) {
    extension += (reader.peekU8() >> 4) << 8;
  }
  if (type === MSG.STATUS && model.seeworld) {
    position.attributes.power = extension;
  } else if (variant !== 'vxt01') {
    const alarm = decodeAlarm(extension, vl === model.vl ? model : { ...model, vl });
    addAlarm(position, alarm);
    if (alarm === undefined && vl) position.attributes.event = extension;
  }
}

function decodeGpsLbs1Extras(position: PositionDraft, message: Gt06Message): void {
  const { reader, variant, model } = message;
  switch (variant) {
    case 'gt06eCard': {
      position.attributes.odometer = reader.u32();
      const card = reader.ascii(reader.u8());
      reader.skip(2); // alarm, swiped
      setAttribute(position, 'card', javaTrim(card));
      return;
    }
    case 'benway': {
      const mask = reader.u16();
      position.attributes.ignition = (mask & 0x8000) !== 0;
      position.attributes.in2 = (mask & 0x4000) !== 0;
      if (mask & 0x1000) {
        const value = mask & 0x1ff;
        position.attributes.temp1 = mask & 0x200 ? -value : value;
      } else {
        const value = mask & 0x3ff;
        position.attributes.adc1 = mask & 0x2000 ? value : value / 10;
      }
      return;
    }
    case 'vxt01':
      decodeStatus(position, reader, variant);
      position.attributes.power = reader.u16() / 100;
      position.attributes.rssi = reader.u8();
      reader.skip(1); // alarm extension
      return;
    case 's5': {
      decodeStatus(position, reader, variant);
      position.attributes.power = reader.u16() / 100;
      position.attributes.rssi = reader.u8();
      addAlarm(position, decodeAlarm(reader.u8(), model));
      position.attributes.oil = reader.u16();
      const raw = reader.u8();
      position.attributes.temp1 = raw & 0x80 ? -(raw & 0x7f) : raw;
      position.attributes.odometer = reader.u32() * 10;
      return;
    }
    case 'wetrust':
      position.attributes.odometer = reader.u32();
      setAttribute(position, 'card', reader.ascii(reader.u8()));
      if (reader.u8() > 0) addAlarm(position, 'general');
      position.attributes.cardStatus = reader.u8();
      position.attributes.drivingTime = reader.u16();
      return;
    default:
      return;
  }
}
