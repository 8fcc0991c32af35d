import type { ReportStop, ReportSummary, ReportTrip } from '@waymark/contracts/report';
import type { ReactNode } from 'react';
import { SessionProvider } from '../features/auth/session-context';
import { aDevice } from './devices-fixtures';
import { type Handler, json, stubFetch } from './fetch-stub';
import { aServer, aUser } from './fixtures';
import { renderRoutes } from './render';

// The reports feature's test data: a van's trip across Athens, its stop, its day's summary.

export function aTrip(overrides: Partial<ReportTrip> = {}): ReportTrip {
  return {
    deviceId: 1,
    deviceName: 'Van 1',
    startPositionId: 101,
    endPositionId: 140,
    startTime: '2026-11-18T08:00:00.000Z',
    endTime: '2026-11-18T08:45:00.000Z',
    startLat: 37.97,
    startLon: 23.72,
    endLat: 38.01,
    endLon: 23.79,
    startAddress: 'Syntagma, Athens',
    endAddress: null,
    startPoi: null,
    endPoi: 'Shell Marousi',
    startOdometer: 100_000,
    endOdometer: 112_500,
    distance: 12_500,
    duration: 45 * 60_000,
    maxSpeed: 40,
    averageSpeed: 9,
    spentFuel: 2.5,
    refuelled: 30,
    idleTime: 5 * 60_000,
    engineHours: 45 * 60_000,
    driverUniqueId: null,
    driverName: 'Eleni',
    refuels: [{ time: '2026-11-18T08:20:00.000Z', latitude: 37.99, longitude: 23.75, litres: 30, positionId: 120 }],
    ...overrides,
  };
}

export function aStop(overrides: Partial<ReportStop> = {}): ReportStop {
  return {
    deviceId: 1,
    deviceName: 'Van 1',
    positionId: 140,
    startTime: '2026-11-18T08:45:00.000Z',
    endTime: '2026-11-18T10:15:00.000Z',
    latitude: 38.01,
    longitude: 23.79,
    address: 'Marousi depot',
    poi: 'Shell Marousi',
    duration: 90 * 60_000,
    startOdometer: 112_500,
    endOdometer: 112_500,
    spentFuel: 0.4,
    refuelled: 0,
    idleTime: 10 * 60_000,
    engineHours: 10 * 60_000,
    refuels: [],
    thefts: [],
    ...overrides,
  };
}

export function aSummary(overrides: Partial<ReportSummary> = {}): ReportSummary {
  return {
    deviceId: 1,
    deviceName: 'Van 1',
    startTime: '2026-11-18T06:00:00.000Z',
    endTime: '2026-11-18T18:00:00.000Z',
    startOdometer: 100_000,
    endOdometer: 150_000,
    distance: 50_000,
    maxSpeed: 50,
    averageSpeed: 20,
    spentFuel: 8,
    refuelled: 30,
    fuelThefts: 0,
    engineHours: 3 * 3_600_000,
    idleTime: 20 * 60_000,
    movingTime: 2 * 3_600_000,
    positions: 1200,
    ...overrides,
  };
}

export const reportDevices = [aDevice({ id: 1, name: 'Van 1' }), aDevice({ id: 2, name: 'Truck 2' })];

/**
 * Renders a report page at `path` for a user holding `permissions`, with the API answering the server, devices
 * and groups, plus `handlers`. Returns the fetch mock and the router.
 */
export function renderReport(
  path: string,
  route: string,
  element: ReactNode,
  permissions: string[],
  handlers: Record<string, Handler | Handler[]> = {},
) {
  const fetchMock = stubFetch({
    'GET /api/server': () => json(200, aServer()),
    'GET /api/devices': () => json(200, reportDevices),
    'GET /api/groups': () =>
      json(200, [
        {
          id: 5,
          name: 'North fleet',
          parentGroupId: null,
          groupId: 0,
          userId: null,
          tenantId: null,
          active: true,
          attributes: {},
        },
      ]),
    ...handlers,
  });
  const user = aUser({ permissions: permissions as never, attributes: { speedUnit: 'kmh', distanceUnit: 'km' } });
  const view = renderRoutes(path, [
    { path: route, element: <SessionProvider user={user}>{element}</SessionProvider> },
    { path: '*', element: <p>elsewhere</p> },
  ]);
  return { ...view, fetchMock };
}

/** The query strings of the calls to `pathname`, in order. */
export function requestsTo(fetchMock: ReturnType<typeof stubFetch>, pathname: string) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === pathname)
    .map((url) => url.searchParams);
}
