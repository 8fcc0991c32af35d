import type { PositionMessage } from '@waymark/contracts/bus';
import type { Position } from '@waymark/contracts/device';
import type { Network } from '@waymark/contracts/position';
import type { Position as PositionRow } from '@waymark/db/client';

/** A stored position row as the API serves it (contracts' positionSchema). */
export function presentPosition(row: PositionRow): Position {
  const attributes = (row.attributes ?? {}) as Record<string, unknown>;
  return {
    id: Number(row.id),
    deviceId: row.deviceId,
    protocol: row.protocol,
    serverTime: row.serverTime.toISOString(),
    deviceTime: row.deviceTime.toISOString(),
    fixTime: row.fixTime.toISOString(),
    outdated: false,
    valid: row.valid,
    latitude: row.latitude,
    longitude: row.longitude,
    altitude: row.altitude,
    speed: row.speed,
    course: row.course,
    address: row.address,
    accuracy: row.accuracy,
    network: (row.network ?? null) as Network | null,
    geofenceIds: row.geofenceIds,
    attributes,
  };
}

/**
 * A position the pipeline has just stored: the served fields, its id as the database gave it, its times as
 * Dates, and the bus message it came in (protocol, network).
 */
export type StoredPosition = Omit<
  Position,
  'id' | 'protocol' | 'serverTime' | 'deviceTime' | 'fixTime' | 'address' | 'network'
> & {
  id: bigint;
  serverTime: Date;
  deviceTime: Date;
  fixTime: Date;
  message: Pick<PositionMessage, 'protocol' | 'network'>;
};

/** A position fresh from the pipeline, in the same shape. */
export function presentWorking(p: StoredPosition): Position {
  return {
    id: Number(p.id),
    deviceId: p.deviceId,
    protocol: p.message.protocol,
    serverTime: p.serverTime.toISOString(),
    deviceTime: p.deviceTime.toISOString(),
    fixTime: p.fixTime.toISOString(),
    outdated: p.outdated,
    valid: p.valid,
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    speed: p.speed,
    course: p.course,
    address: null,
    accuracy: p.accuracy,
    network: p.message.network ?? null,
    geofenceIds: p.geofenceIds,
    attributes: p.attributes,
  };
}
