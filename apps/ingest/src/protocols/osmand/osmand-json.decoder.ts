import type { PositionAttributes } from '@waymark/contracts/position';
import { newPositionAt } from '../../codec/position-builder';
import { knotsFromMps } from '../../codec/units';
import type { DecodedPosition, DecodeResult, HttpRequestFrame } from '../protocol.types';
import { osmandTime } from './osmand-time';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * The JSON form the newer Traccar Client posts (`{"device_id": …, "location": {"timestamp", "coords": {…},
 * "battery", "activity", "extras", …}}`, background-geolocation's shape). Speed arrives in m/s; -1 means unknown
 * (speed, heading, battery level). As in Traccar, coords.accuracy is not kept. Throws on a malformed body.
 */
export function decodeOsmandJson(frame: HttpRequestFrame): DecodeResult {
  const root: unknown = JSON.parse(frame.body.toString('utf8'));
  if (!isObject(root) || typeof root.device_id !== 'string' || root.device_id === '') {
    throw new Error('device_id missing');
  }
  const location = root.location;
  if (!isObject(location) || typeof location.timestamp !== 'string') throw new Error('location.timestamp missing');
  const time = osmandTime(location.timestamp).toISOString();

  const position = newPositionAt(time);
  if (isObject(location.coords)) readCoords(position, location.coords);
  readAttributes(position.attributes, location);
  return { messages: [position], uniqueId: root.device_id, ack: { status: 200 } };
}

function readCoords(position: DecodedPosition, coords: Json): void {
  const latitude = num(coords.latitude);
  const longitude = num(coords.longitude);
  if (latitude === undefined || longitude === undefined || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw new Error('coords.latitude/longitude missing or out of range');
  }
  position.outdated = false;
  position.valid = true;
  position.latitude = latitude;
  position.longitude = longitude;
  const speed = num(coords.speed);
  if (speed !== undefined && speed >= 0) position.speed = knotsFromMps(speed);
  const heading = num(coords.heading);
  if (heading !== undefined && heading >= 0 && heading <= 360) position.course = heading;
  position.altitude = num(coords.altitude) ?? 0;
}

function readAttributes(attributes: PositionAttributes, location: Json): void {
  if (typeof location.event === 'string') attributes.event = location.event;
  if (typeof location.is_moving === 'boolean') attributes.motion = location.is_moving;
  const odometer = num(location.odometer);
  if (odometer !== undefined) attributes.odometer = Math.trunc(odometer);
  if (typeof location.mock === 'boolean') attributes.mock = location.mock;
  if (isObject(location.activity) && typeof location.activity.type === 'string') {
    attributes.activity = location.activity.type;
  }
  if (isObject(location.battery)) {
    const level = num(location.battery.level);
    if (level !== undefined && level >= 0) attributes.batteryLevel = Math.trunc(level * 100);
    if (location.battery.is_charging === true) attributes.charge = true;
  }
  if (typeof location.alarm === 'string') attributes.alarm = location.alarm;
  if (isObject(location.extras)) {
    for (const [key, value] of Object.entries(location.extras)) {
      if (key === 'alarm' && typeof location.alarm === 'string') continue;
      if (typeof value === 'string' || typeof value === 'boolean' || num(value) !== undefined) {
        attributes[key] = value as string | boolean | number;
      }
    }
  }
}
