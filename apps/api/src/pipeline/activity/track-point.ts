import type { TrackPoint } from './activity-types';

type Attributes = Record<string, unknown>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The fold's view of a position: its fix and the attributes trips, stops and tallies read. */
export function trackPoint(
  id: number,
  time: number,
  p: { latitude: number; longitude: number; speed: number; address?: string | null },
  attributes: Attributes,
): TrackPoint {
  const odometer = num(attributes.odometer);
  const ignition = attributes.ignition;
  const driver = attributes.driverUniqueId;
  return {
    id,
    time,
    latitude: p.latitude,
    longitude: p.longitude,
    speed: p.speed,
    motion: attributes.motion === true,
    ignition: typeof ignition === 'boolean' ? ignition : null,
    odometer: odometer ?? num(attributes.totalDistance) ?? 0,
    hasOdometer: odometer !== null,
    fuel: num(attributes.fuel),
    fuelUsed: num(attributes.fuelUsed),
    hours: num(attributes.hours),
    driver: typeof driver === 'string' && driver !== '' ? driver : null,
    address: p.address ?? null,
  };
}
