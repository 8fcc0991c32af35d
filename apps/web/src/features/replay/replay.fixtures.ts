import { aPosition } from '../../test/devices-fixtures';

// The replay tests' routes: Truck 2 drives three fixes from 08:00, Van 1 joins at 08:00:30.

export const truckRoute = [
  aPosition({ id: 201, deviceId: 2, fixTime: '2026-01-13T08:00:00.000Z', speed: 0, latitude: 37.9, longitude: 23.7 }),
  aPosition({
    id: 202,
    deviceId: 2,
    fixTime: '2026-01-13T08:00:30.000Z',
    speed: 20,
    latitude: 37.91,
    longitude: 23.71,
  }),
  aPosition({
    id: 203,
    deviceId: 2,
    fixTime: '2026-01-13T08:01:00.000Z',
    speed: 30,
    latitude: 37.92,
    longitude: 23.72,
  }),
];

export const vanRoute = [
  aPosition({ id: 101, deviceId: 1, fixTime: '2026-01-13T08:00:30.000Z', speed: 10, latitude: 38.0, longitude: 23.8 }),
  aPosition({ id: 102, deviceId: 1, fixTime: '2026-01-13T08:02:00.000Z', speed: 5, latitude: 38.01, longitude: 23.81 }),
];
