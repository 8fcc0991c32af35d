import { addAlarm, newPositionAt, type PositionDraft, setLocation } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodedPosition, Decoder, HttpRequestFrame } from '../protocol.types';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** flespi parameters that become the position's own fields (read in readFix, not kept as attributes). */
const FIX_KEYS = new Set([
  'ident',
  'timestamp',
  'position.latitude',
  'position.longitude',
  'position.altitude',
  'position.speed',
  'position.direction',
  'position.valid',
]);

/** flespi parameters kept under Traccar's attribute name (integers where Traccar's keys are integers). */
const RENAMED: Readonly<Record<string, { key: string; integer?: boolean }>> = {
  'position.satellites': { key: 'sat', integer: true },
  'position.hdop': { key: 'hdop' },
  'position.pdop': { key: 'pdop' },
  din: { key: 'input', integer: true },
  dout: { key: 'output', integer: true },
  'battery.voltage': { key: 'battery' },
  'battery.level': { key: 'batteryLevel', integer: true },
  'external.powersource.voltage': { key: 'power' },
  'engine.ignition.status': { key: 'ignition' },
  'movement.status': { key: 'motion' },
  'gsm.signal.level': { key: 'rssi', integer: true },
  'device.temperature': { key: 'deviceTemp' },
  'can.engine.rpm': { key: 'rpm', integer: true },
  'engine.rpm': { key: 'rpm', integer: true },
  'fuel.level': { key: 'fuel' },
  'ibutton.code': { key: 'driverUniqueId' },
};

/** flespi event/state flags that raise an alarm when true. */
const ALARMS: Readonly<Record<string, string>> = {
  'alarm.event.trigger': 'general',
  'sos.event.trigger': 'sos',
  'towing.event.trigger': 'tow',
  'towing.alarm.status': 'tow',
  'shock.event.trigger': 'vibration',
  'overspeeding.event.trigger': 'overspeed',
  'overspeeding.status': 'overspeed',
  'harsh.acceleration.event.trigger': 'hardAcceleration',
  'harsh.braking.event.trigger': 'hardBraking',
  'harsh.cornering.event.trigger': 'hardCornering',
  'crash.event.trigger': 'accident',
  'gnss.antenna.cut.status': 'gpsAntennaCut',
  'gsm.jamming.event.trigger': 'jamming',
  'device.case.intrusion.status': 'tampering',
  'fall.event.trigger': 'fallDown',
};

/**
 * flespi's HTTP stream: each POST carries a JSON array of flespi messages (one object is taken too), each a flat
 * map of dotted parameter names (`ident`, `timestamp` in Unix seconds, `position.latitude`, `position.speed` km/h,
 * …). Every message becomes a position of the device its `ident` names; the well-known parameters take Traccar's
 * attribute names, alarm flags become `alarm`, the others are kept as sent (numbers, text, booleans). A message
 * without coordinates is a position without a location of its own. Answered 200; a malformed body throws (400).
 */
export const decodeFlespi: Decoder<HttpRequestFrame> = (frame) => {
  const root: unknown = JSON.parse(frame.body.toString('utf8'));
  const items = Array.isArray(root) ? root : [root];
  const messages: DecodedPosition[] = [];
  let first: string | undefined;
  for (const item of items) {
    if (!isObject(item)) throw new Error('a message is not a JSON object');
    const ident = typeof item.ident === 'string' && item.ident !== '' ? item.ident : undefined;
    if (!ident) throw new Error('a message has no ident');
    first ??= ident;
    const position = readFix(item);
    if (ident !== first) position.uniqueId = ident;
    readParameters(position, item);
    messages.push(position);
  }
  if (!first) return { messages: [], ack: { status: 200 } };
  return { messages, uniqueId: first, ack: { status: 200 } };
};

function readFix(item: Json): PositionDraft {
  const timestamp = num(item.timestamp);
  if (timestamp === undefined || timestamp < 0) throw new Error('a message has no timestamp');
  const position = newPositionAt(new Date(Math.trunc(timestamp) * 1000).toISOString());
  const latitude = num(item['position.latitude']);
  const longitude = num(item['position.longitude']);
  if (latitude !== undefined && longitude !== undefined) {
    setLocation(position, latitude, longitude);
    position.valid = item['position.valid'] !== false;
    position.altitude = num(item['position.altitude']) ?? 0;
    const speed = num(item['position.speed']);
    if (speed !== undefined && speed >= 0) position.speed = knotsFromKph(speed);
    const course = num(item['position.direction']);
    if (course !== undefined && course >= 0 && course <= 360) position.course = course;
  } else {
    position.fixTime = null;
  }
  return position;
}

function readParameters(position: PositionDraft, item: Json): void {
  for (const [name, value] of Object.entries(item)) {
    if (FIX_KEYS.has(name)) continue;
    const alarm = ALARMS[name];
    if (alarm !== undefined) {
      if (value === true || value === 1) addAlarm(position, alarm);
      continue;
    }
    const renamed = RENAMED[name];
    if (renamed) {
      const number = num(value);
      if (number !== undefined) position.attributes[renamed.key] = renamed.integer ? Math.trunc(number) : number;
      else if (typeof value === 'string' || typeof value === 'boolean') position.attributes[renamed.key] = value;
      continue;
    }
    if (typeof value === 'string' || typeof value === 'boolean' || num(value) !== undefined) {
      position.attributes[name] = value as string | boolean | number;
    }
  }
  if (item.ident !== undefined) position.attributes.ident = item.ident as string;
}
