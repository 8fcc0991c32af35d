import type { PositionAttributes } from '@waymark/contracts/position';
import { newPositionAt } from '../../codec/position-builder';
import type { DecodedPosition } from '../protocol.types';
import type { Gl200Text } from './gl200-text';
import {
  afterName,
  findLocation,
  hex,
  hourMeter,
  int,
  iso,
  num,
  positionFromFix,
  put,
  RE_DECIMAL,
  readFix,
} from './gl200-text';

/** Alarms that a message type alone stands for. */
const TYPE_ALARMS: Record<string, string> = {
  SOS: 'sos',
  SPD: 'overspeed',
  SWG: 'geofence',
  STT: 'movement',
  TEM: 'temperature',
  JDS: 'jamming',
  PNA: 'powerOn',
  PFA: 'powerOff',
  EPN: 'powerRestored',
  EPF: 'powerCut',
  BPL: 'lowBattery',
  TOW: 'tow',
  CRA: 'accident',
};

/** Harsh-behaviour reports (GTHBM): the report type's last digit. */
const HARSH_ALARMS: Record<string, string> = { '0': 'hardBraking', '1': 'hardAcceleration', '2': 'hardCornering' };

/** Types whose positions Traccar leaves without the cell network. */
const WITHOUT_NETWORK = new Set(['LSW', 'IDA']);

/**
 * What a message's type and the fields before its location block say: alarms, the input a GTDIS names, motion of a
 * GTNMR, the driver of a GTIDA… `header` is the fields between the device name and the location block; the report
 * id/type is the one before the last (the last is the number of blocks).
 */
export function putTypeExtras(attributes: PositionAttributes, type: string, header: readonly string[]): void {
  const alarm = TYPE_ALARMS[type];
  if (alarm) attributes.alarm = alarm;
  const report = header[header.length - 2] ?? '';
  switch (type) {
    case 'HBM': {
      const harsh = HARSH_ALARMS[report.slice(-1)];
      if (harsh) attributes.alarm = harsh;
      break;
    }
    case 'DIS':
      if (/^\d{2}$/.test(report)) attributes[`in${report[0]}`] = report[1] === '1';
      break;
    case 'IGL':
      if (report !== '') attributes.ignition = report.slice(-1) === '1';
      break;
    case 'NMR':
      if (report !== '') attributes.motion = report === '1';
      break;
    case 'LSW':
      if (header.length > 0) attributes.in1 = header[header.length - 1] === '1';
      break;
    case 'IGN':
      attributes.ignition = true;
      break;
    case 'IGF':
      attributes.ignition = false;
      break;
    case 'IDA':
      put(attributes, 'driverUniqueId', header[1]);
      break;
  }
}

/**
 * Any report with (at most) one location block after a few type-specific fields: `<name>,<fields…>,<location
 * block>,<cell block>,<tail…>,<send time>,<count>`. The device time is the send time; a block without a location
 * gives an outdated position. Ignition reports end with `<hour meter>,<mileage>`, driver identification with
 * `<mileage>`, most others with `<battery %>` or `<mileage>`.
 */
export function decodeEvent(message: Gl200Text): DecodedPosition {
  const { fields, end, type } = message;
  const first = afterName(message);
  const at = findLocation(fields, first, end);
  if (at < 0) {
    const position = newPositionAt();
    position.deviceTime = iso(message.sendTime);
    putTypeExtras(position.attributes, type, fields.slice(first, end));
    position.attributes.type = type;
    return position;
  }
  const fix = readFix(fields, at, end);
  const position = positionFromFix(fix, { network: !WITHOUT_NETWORK.has(type), deviceTime: message.sendTime });
  const attributes = position.attributes;
  put(attributes, 'hdop', fix.hdop);
  put(attributes, 'sat', fix.sat);
  putTypeExtras(attributes, type, fields.slice(first, at));

  const tail = fields.slice(fix.next, end);
  if (type === 'IGN' || type === 'IGF') {
    put(attributes, 'hours', hourMeter(tail[0]));
    if (RE_DECIMAL.test(tail[1] ?? '')) attributes.odometer = Number(tail[1]) * 1000;
  } else if (RE_DECIMAL.test(tail[0] ?? '') && (type === 'IDA' || tail.length === 1)) {
    attributes.odometer = Number(tail[0]) * 1000;
  } else if (tail.length > 0 && /^\d{1,3}$/.test(tail[tail.length - 1] ?? '')) {
    const level = Number(tail[tail.length - 1]);
    if (level <= 100) attributes.batteryLevel = level;
  }
  attributes.type = type;
  return position;
}

/** GTDAT: transparent data (`>…<` from a serial device) followed by a location block. */
export function decodeData(message: Gl200Text): DecodedPosition {
  const { fields, end } = message;
  const at = findLocation(fields, 5, end);
  if (at < 0) {
    const position = newPositionAt();
    position.deviceTime = iso(message.sendTime);
    put(position.attributes, 'data', fields[end - 1]);
    position.attributes.type = message.type;
    return position;
  }
  const fix = readFix(fields, at, end);
  const position = positionFromFix(fix, { network: true, deviceTime: message.sendTime });
  put(position.attributes, 'data', fields[at - 1]);
  put(position.attributes, 'hdop', fix.hdop);
  position.attributes.type = message.type;
  return position;
}

/** BLE accessory fields by append-mask bit: 0 name, 1 MAC, 2 status, 3 battery voltage (mV), 4 °C, 5 % humidity. */
const ACCESSORY_KEYS = ['accessoryName', 'accessoryMac', 'accessoryStatus', 'accessoryVoltage', 'accessoryTemp'];

/**
 * GTBAA, a BLE accessory alarm: `<index>,<accessory type>,<model>,<alarm type>,<append mask>,<appended fields>,
 * <location block>…`. Like Traccar, the device time is the fix time.
 */
export function decodeAccessoryAlarm(message: Gl200Text): DecodedPosition {
  const { fields, end } = message;
  const first = afterName(message);
  const append = hex(fields[first + 4]) ?? 0;
  const attributes: PositionAttributes = {};
  let i = first + 5;
  for (let bit = 0; bit < 16; bit++) {
    if (!(append & (1 << bit))) continue;
    const text = fields[i];
    const key = ACCESSORY_KEYS[bit];
    if (key === 'accessoryVoltage') put(attributes, key, num(text) !== undefined ? Number(text) / 1000 : undefined);
    else if (key === 'accessoryStatus') put(attributes, key, int(text));
    else if (key === 'accessoryTemp') put(attributes, key, num(text));
    else if (key) put(attributes, key, text);
    i++;
  }
  const at = findLocation(fields, i, end, 4);
  const fix = at >= 0 ? readFix(fields, at, end) : null;
  const position = positionFromFix(fix, { network: true, deviceTime: 'fix' });
  Object.assign(position.attributes, attributes);
  put(position.attributes, 'hdop', fix?.hdop);
  position.attributes.type = message.type;
  return position;
}
