import type { Position } from '@waymark/contracts/device';
import type { Network } from '@waymark/contracts/position';
import type { Position as PositionRow } from '@waymark/db/client';
import type { WorkingPosition } from '../../pipeline/types';

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

/** A position fresh from the pipeline, in the same shape. */
export function presentWorking(p: WorkingPosition & { id: bigint }): Position {
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
