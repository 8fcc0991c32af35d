import type { PositionMessage } from './bus';
import { positionMessageSchema } from './bus';
import type { CellTower, Network, PositionAttributes, WifiAccessPoint } from './position';
import { cellTowerSchema, MAX_CELL_ID, networkSchema, utcTimeSchema, wifiAccessPointSchema } from './position';

/**
 * A hand-written check of positionMessageSchema for the hot path (zod costs ~10 µs a message): it accepts only
 * what the schema accepts and then returns what the schema's parse would (same keys, same order, unknown keys
 * stripped, attributes copied). Whatever it is not sure about gives undefined, and the caller falls back to zod,
 * which also words the issues. The message it builds is typed with every field of the contract required, so a
 * field added to the contract does not compile until the check handles it; if the nested network shapes change,
 * it turns itself off (every message goes to zod) until it is updated. position-check.test.ts compares it with
 * zod on every decoder's fixture output and on the limits of every constraint.
 */

const NETWORK_KEYS = ['radioType', 'considerIp', 'cellTowers', 'wifiAccessPoints'];
const TOWER_KEYS = [
  'radioType',
  'mobileCountryCode',
  'mobileNetworkCode',
  'locationAreaCode',
  'cellId',
  'signalStrength',
];
const WIFI_KEYS = ['macAddress', 'signalStrength', 'channel'];
const RADIO_TYPES: ReadonlySet<unknown> = new Set(['gsm', 'cdma', 'wcdma', 'lte', 'nbiot', 'nr']);
const MAC_ADDRESS = /^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/;

const sameKeys = (shape: object, keys: readonly string[]) => {
  const actual = Object.keys(shape);
  return actual.length === keys.length && actual.every((key, i) => key === keys[i]);
};

/** The contract's own ISO-8601 UTC pattern (z.iso.datetime()). */
const UTC_TIME: RegExp | undefined = utcTimeSchema._zod.def.pattern;

/** False when the contract no longer has the shape this check was written for: zod then checks everything. */
export const fastCheckEnabled =
  sameKeys(networkSchema.shape, NETWORK_KEYS) &&
  sameKeys(cellTowerSchema.shape, TOWER_KEYS) &&
  sameKeys(wifiAccessPointSchema.shape, WIFI_KEYS) &&
  UTC_TIME instanceof RegExp &&
  !UTC_TIME.global &&
  !UTC_TIME.sticky;

/** Stands for "not sure": the caller asks zod. */
const UNSURE = Symbol('unsure');

// the times of one frame repeat (fix and device time; server time of every position of a frame): one regex test
let lastTime = '';

function isTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (value === lastTime) return true;
  if (!(UTC_TIME as RegExp).test(value)) return false;
  lastTime = value;
  return true;
}

const within = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && value >= min && value <= max;
const isId = (value: unknown): value is string => typeof value === 'string' && value.length >= 1 && value.length <= 128;
const isRecordLike = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The position message of a decoded position, as positionMessageSchema.parse would give it, or undefined when the
 * check is not sure it is valid (then ask zod).
 */
export function checkedPosition(
  decoded: object,
  protocol: string,
  uniqueId: string,
  serverTime: string,
  nodeId: string,
): PositionMessage | undefined {
  if (!fastCheckEnabled) return undefined;
  const d = decoded as unknown as Record<string, unknown>;
  if (typeof d !== 'object' || d === null || Object.getPrototypeOf(d) !== Object.prototype) return undefined;
  const { deviceTime, fixTime, outdated, valid, latitude, longitude, altitude, speed, course, accuracy } = d;
  if (
    !(deviceTime === null || isTime(deviceTime)) ||
    !(fixTime === null || isTime(fixTime)) ||
    typeof outdated !== 'boolean' ||
    typeof valid !== 'boolean' ||
    !within(latitude, -90, 90) ||
    !within(longitude, -180, 180) ||
    typeof altitude !== 'number' ||
    !Number.isFinite(altitude) ||
    !within(speed, 0, Number.MAX_VALUE) ||
    !within(course, 0, 360) ||
    !within(accuracy, 0, Number.MAX_VALUE) ||
    protocol.length < 1 ||
    !isId(uniqueId) ||
    !isTime(serverTime) ||
    !isId(nodeId)
  ) {
    return undefined;
  }
  const network = d.network === null ? null : networkOf(d.network);
  if (network === UNSURE) return undefined;
  const attributes = attributesOf(d.attributes);
  if (attributes === UNSURE) return undefined;
  // every field of the contract, in the schema's order (as zod's parse gives them)
  const message: Required<PositionMessage> = {
    deviceTime,
    fixTime,
    outdated,
    valid,
    latitude,
    longitude,
    altitude,
    speed,
    course,
    accuracy,
    network,
    attributes,
    protocol,
    uniqueId,
    serverTime,
    nodeId,
  };
  return message;
}

function attributesOf(value: unknown): PositionAttributes | typeof UNSURE {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return UNSURE;
  const attributes = value as Record<string, unknown>;
  const copy: PositionAttributes = {};
  for (const key of Object.keys(attributes)) {
    if (key === '__proto__') return UNSURE;
    const v = attributes[key];
    if (
      v === null ||
      typeof v === 'string' ||
      typeof v === 'boolean' ||
      (typeof v === 'number' && Number.isFinite(v))
    ) {
      copy[key] = v;
    } else return UNSURE;
  }
  if (Object.getOwnPropertySymbols(attributes).length > 0) return UNSURE;
  return copy;
}

function networkOf(value: unknown): Network | typeof UNSURE {
  if (!isRecordLike(value)) return UNSURE;
  const { radioType, considerIp } = value;
  if (typeof radioType !== 'string' || typeof considerIp !== 'boolean') return UNSURE;
  const network: Network = { radioType, considerIp };
  if ('cellTowers' in value) {
    const towers = listOf(value.cellTowers, towerOf);
    if (towers === UNSURE) return UNSURE;
    network.cellTowers = towers;
  }
  if ('wifiAccessPoints' in value) {
    const points = listOf(value.wifiAccessPoints, accessPointOf);
    if (points === UNSURE) return UNSURE;
    network.wifiAccessPoints = points;
  }
  return network;
}

/** An optional array (present as undefined stays undefined, as zod keeps it). */
function listOf<T>(value: unknown, itemOf: (item: unknown) => T | typeof UNSURE): T[] | undefined | typeof UNSURE {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return UNSURE;
  const items: T[] = [];
  for (let i = 0; i < value.length; i++) {
    if (!(i in value)) return UNSURE; // a hole
    const item = itemOf(value[i]);
    if (item === UNSURE) return UNSURE;
    items.push(item);
  }
  return items;
}

function towerOf(value: unknown): CellTower | typeof UNSURE {
  if (!isRecordLike(value)) return UNSURE;
  const { mobileCountryCode, mobileNetworkCode, locationAreaCode, cellId } = value;
  if (
    !within(mobileCountryCode, 0, 999) ||
    !Number.isInteger(mobileCountryCode) ||
    !within(mobileNetworkCode, 0, 999) ||
    !Number.isInteger(mobileNetworkCode) ||
    !within(locationAreaCode, 0, 65535) ||
    !Number.isInteger(locationAreaCode) ||
    !within(cellId, 0, MAX_CELL_ID) ||
    !Number.isInteger(cellId)
  ) {
    return UNSURE;
  }
  // keys in the order zod builds them: the shape's
  const tower = {} as CellTower;
  if ('radioType' in value) {
    const radioType = value.radioType;
    if (radioType !== undefined && !RADIO_TYPES.has(radioType)) return UNSURE;
    tower.radioType = radioType as CellTower['radioType'];
  }
  tower.mobileCountryCode = mobileCountryCode;
  tower.mobileNetworkCode = mobileNetworkCode;
  tower.locationAreaCode = locationAreaCode;
  tower.cellId = cellId;
  if ('signalStrength' in value) {
    const signal = value.signalStrength;
    if (!isOptionalNumber(signal)) return UNSURE;
    tower.signalStrength = signal;
  }
  return tower;
}

function accessPointOf(value: unknown): WifiAccessPoint | typeof UNSURE {
  if (!isRecordLike(value)) return UNSURE;
  const { macAddress } = value;
  if (typeof macAddress !== 'string' || !MAC_ADDRESS.test(macAddress)) return UNSURE;
  const point: WifiAccessPoint = { macAddress };
  if ('signalStrength' in value) {
    const signal = value.signalStrength;
    if (!isOptionalNumber(signal)) return UNSURE;
    point.signalStrength = signal;
  }
  if ('channel' in value) {
    const channel = value.channel;
    if (channel !== undefined && !Number.isSafeInteger(channel)) return UNSURE;
    point.channel = channel as number | undefined;
  }
  return point;
}

const isOptionalNumber = (value: unknown): value is number | undefined =>
  value === undefined || (typeof value === 'number' && Number.isFinite(value));

/**
 * positionMessageSchema with the fast check first: what a bus consumer uses to read position messages (the
 * check accepts only what the schema accepts; anything else goes to zod).
 */
export const fastPositionMessageSchema = {
  safeParse(
    value: unknown,
  ): { success: true; data: PositionMessage } | ReturnType<typeof positionMessageSchema.safeParse> {
    if (typeof value === 'object' && value !== null) {
      const v = value as Record<string, unknown>;
      if (
        typeof v.protocol === 'string' &&
        typeof v.uniqueId === 'string' &&
        typeof v.serverTime === 'string' &&
        typeof v.nodeId === 'string'
      ) {
        const fast = checkedPosition(value, v.protocol, v.uniqueId, v.serverTime, v.nodeId);
        if (fast) return { success: true, data: fast };
      }
    }
    return positionMessageSchema.safeParse(value);
  },
};
