import { newPosition, type PositionDraft, setAttribute, setLocation, setTime } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodeResult, Decoder, HttpRequestFrame } from '../protocol.types';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Message types that carry a fix (`location`, and `transition` on entering or leaving a region, raising geofenceEnter/geofenceExit). */
const WITH_FIX = new Set(['location', 'transition']);

/**
 * OwnTracks in HTTP mode: the app POSTs one JSON object per message (`_type` names it). A `location` or
 * `transition` becomes a position: `tst` (Unix seconds) is its time, `vel` km/h, `cog` degrees, `alt` and `acc`
 * metres, `batt` %, `bs` the battery state (2 charging, 3 full), `t` the trigger as `event`. The device is the MQTT
 * `topic` when the app sends it, else its tracker id `tid`, else the last segment of the request path. Other types
 * (lwt, status, card, waypoints, …) are answered 200 and kept out of the positions. Throws (400) on a body that is
 * not a JSON object, or a location without a device, time or valid coordinates.
 */
export const decodeOwnTracks: Decoder<HttpRequestFrame> = (frame) => {
  const root: unknown = JSON.parse(frame.body.toString('utf8'));
  if (!isObject(root)) throw new Error('body is not a JSON object');
  const type = root._type;
  if (typeof type !== 'string' || !WITH_FIX.has(type)) return { messages: [], ack: { status: 200 } };

  const uniqueId = text(root.topic) ?? text(root.tid) ?? lastPathSegment(frame.url);
  if (!uniqueId) throw new Error('no topic, tid or device in the path');
  const tst = num(root.tst);
  if (tst === undefined || tst < 0) throw new Error('tst missing');
  const latitude = num(root.lat);
  const longitude = num(root.lon);
  if (latitude === undefined || longitude === undefined) throw new Error('lat/lon missing');

  const position = newPosition();
  setTime(position, Math.trunc(tst) * 1000);
  setLocation(position, latitude, longitude);
  position.valid = true;
  readMotion(position, root);
  readAttributes(position, root, type);
  return { messages: [position], uniqueId, ack: { status: 200 } } satisfies DecodeResult;
};

function readMotion(position: PositionDraft, root: Json): void {
  const velocity = num(root.vel);
  if (velocity !== undefined && velocity >= 0) position.speed = knotsFromKph(velocity);
  const course = num(root.cog);
  if (course !== undefined && course >= 0 && course <= 360) position.course = course;
  position.altitude = num(root.alt) ?? 0;
  const accuracy = num(root.acc);
  if (accuracy !== undefined && accuracy >= 0) position.accuracy = accuracy;
}

function readAttributes(position: PositionDraft, root: Json, type: string): void {
  setAttribute(position, 'event', text(root.t));
  const battery = num(root.batt);
  if (battery !== undefined && battery >= 0) setAttribute(position, 'batteryLevel', Math.trunc(battery));
  const state = num(root.bs);
  if (state === 1) position.attributes.charge = false;
  else if (state === 2 || state === 3) position.attributes.charge = true;
  if (type === 'transition') {
    if (root.event === 'enter') position.attributes.alarm = 'geofenceEnter';
    else if (root.event === 'leave') position.attributes.alarm = 'geofenceExit';
  }
}

function lastPathSegment(url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  const segment = path
    .split('/')
    .filter((part) => part !== '')
    .at(-1);
  return segment ? decodeURIComponent(segment) : undefined;
}
