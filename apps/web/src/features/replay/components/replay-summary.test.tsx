import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../../lib/format/time';
import { json } from '../../../test/fetch-stub';
import { aStop, aSummary, renderReport, requestsTo } from '../../../test/reports-fixtures';
import { truckRoute, vanRoute } from '../replay.fixtures';
import { ReplayPanel } from './replay-panel';

const ALL = ['VIEW_REPLAYS', 'VIEW_SUMMARY_REPORTS', 'VIEW_STOP_REPORTS'];
type Handler = Parameters<typeof renderReport>[4];

function renderReplay(path: string, handlers: Handler = {}, permissions = ALL) {
  return renderReport(path, '/replay', <ReplayPanel />, permissions, {
    'GET /api/reports/route': () => json(200, [...truckRoute, ...vanRoute]),
    ...handlers,
  });
}

const summaries = [
  aSummary({
    deviceId: 1,
    distance: 12_000,
    movingTime: 40 * 60_000,
    idleTime: 5 * 60_000,
    maxSpeed: 40,
    averageSpeed: 20,
    positions: 30,
  }),
  aSummary({
    deviceId: 2,
    deviceName: 'Truck 2',
    distance: 3_000,
    movingTime: 20 * 60_000,
    idleTime: 0,
    maxSpeed: 54,
    averageSpeed: 10,
    positions: 10,
  }),
];
// the van parks at 08:00:30 for 90 minutes, the truck at 08:01 for 10
const stops = [
  aStop({ deviceId: 1, startTime: '2026-01-13T08:00:45.000Z', duration: 90 * 60_000, address: 'Depot' }),
  aStop({
    deviceId: 2,
    deviceName: 'Truck 2',
    startTime: '2026-01-13T08:01:00.000Z',
    duration: 10 * 60_000,
    latitude: 37.92,
    longitude: 23.72,
  }),
];
const summaryHandlers = {
  'GET /api/reports/summary': () => json(200, summaries),
  'GET /api/reports/stops': () => json(200, stops),
};

const block = (name: string) => screen.getByRole('group', { name });
const value = (name: string, key: string) => within(block(name)).getByTestId(`summary-${key}`).textContent;

describe('replay trip summary and trace downloads', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:trace-${saved.length + 1}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sums up each device and all of them in the user’s units, from the summary and the stops of the period', async () => {
    const { fetchMock } = renderReplay('/replay?deviceId=1&deviceId=2', summaryHandlers);
    expect(await screen.findByRole('group', { name: 'All devices' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Trip summary' })).toBeTruthy();
    // the summary and the stops are asked for the replayed devices and period
    const route = requestsTo(fetchMock, '/api/reports/route')[0]?.toString();
    expect(requestsTo(fetchMock, '/api/reports/summary')[0]?.toString()).toBe(route);
    expect(requestsTo(fetchMock, '/api/reports/stops')[0]?.toString()).toBe(route);

    expect(value('Van 1', 'distance')).toBe('12 km');
    expect(value('Van 1', 'movingTime')).toBe('40 min');
    expect(value('Van 1', 'parkedTime')).toBe('1 h 30 min');
    expect(value('Van 1', 'idleTime')).toBe('5 min');
    expect(value('Van 1', 'maxSpeed')).toBe('74.1 km/h');
    expect(value('Van 1', 'averageSpeed')).toBe('37 km/h');
    expect(value('Van 1', 'stops')).toBe('1');
    expect(value('Truck 2', 'maxSpeed')).toBe('100 km/h');
    // all devices: sums, the top speed, the mean speed over all 40 positions (17.5 kn)
    expect(value('All devices', 'distance')).toBe('15 km');
    expect(value('All devices', 'movingTime')).toBe('1 h 00 min');
    expect(value('All devices', 'parkedTime')).toBe('1 h 40 min');
    expect(value('All devices', 'maxSpeed')).toBe('100 km/h');
    expect(value('All devices', 'averageSpeed')).toBe('32.4 km/h');
    expect(value('All devices', 'stops')).toBe('2');
    // the stops are drawn on the map, in white with their device's colour around
    const map = screen.getByTestId('replay-map');
    expect(map.querySelectorAll('path.leaflet-interactive[fill="#fff"]')).toHaveLength(2);
  });

  it('moves the player to a stop when it is clicked in the list or on the map', async () => {
    renderReplay('/replay?deviceId=1&deviceId=2', summaryHandlers);
    const van = await screen.findByRole('button', {
      name: `Go to the stop of Van 1 at ${formatTime(stops[0]?.startTime ?? '', 'en')}`,
    });
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    // the van's stop starts at 08:00:45: the player shows 08:00:30, the last step before it
    fireEvent.click(van);
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
    expect(screen.getByTestId('replay-time').textContent).toBe(formatTime(vanRoute[0]?.fixTime ?? '', 'en'));

    // the truck's stop marker on the map: 08:01
    const markers = screen.getByTestId('replay-map').querySelectorAll('path.leaflet-interactive[fill="#fff"]');
    fireEvent.click(markers[1] as Element);
    await waitFor(() => expect(screen.getByText('Step 3 of 4')).toBeTruthy());
    expect(await screen.findByText('Stop of Truck 2')).toBeTruthy();
    expect(screen.getByText('Parked 10 min')).toBeTruthy();
  });

  it('leaves out what the user may not see, and shows no panel without either flag', async () => {
    const { fetchMock, unmount } = renderReplay('/replay?deviceId=1', summaryHandlers, [
      'VIEW_REPLAYS',
      'VIEW_SUMMARY_REPORTS',
    ]);
    expect(await screen.findByRole('group', { name: 'Van 1' })).toBeTruthy();
    expect(value('Van 1', 'distance')).toBe('12 km');
    expect(value('Van 1', 'stops')).toBe('—');
    expect(value('Van 1', 'parkedTime')).toBe('—');
    expect(requestsTo(fetchMock, '/api/reports/stops')).toHaveLength(0);
    unmount();

    const second = renderReplay('/replay?deviceId=1', summaryHandlers, ['VIEW_REPLAYS']);
    expect(await screen.findByTestId('replay-time')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Trip summary' })).toBeNull();
    expect(requestsTo(second.fetchMock, '/api/reports/summary')).toHaveLength(0);
  });

  it('says so when the summary cannot be loaded, the replay still playing', async () => {
    renderReplay('/replay?deviceId=1', {
      ...summaryHandlers,
      'GET /api/reports/summary': () => json(500, { message: 'Boom' }),
    });
    expect(await screen.findByText('Failed to load the trip summary')).toBeTruthy();
    expect(screen.getByTestId('replay-time')).toBeTruthy();
  });

  it('downloads one device’s trace from /api/positions/<format> under the server’s file name', async () => {
    // the track exports, stubbed here as the server answers them (attachment, Content-Disposition)
    const { fetchMock } = renderReplay('/replay?deviceId=2', {
      'GET /api/reports/route': () => json(200, truckRoute),
      'GET /api/positions/gpx': () =>
        new Response('<gpx/>', {
          headers: {
            'content-type': 'application/gpx+xml',
            'content-disposition': 'attachment; filename="track-2.gpx"',
          },
        }),
      'GET /api/positions/csv': () => new Response('a;b\n', { headers: { 'content-type': 'text/csv' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download GPX' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:trace-1', download: 'track-2.gpx' }]));
    const [gpx] = requestsTo(fetchMock, '/api/positions/gpx');
    const [route] = requestsTo(fetchMock, '/api/reports/route');
    route?.delete('timezone'); // the reports' own parameter
    expect(gpx?.toString()).toBe(route?.toString());
    // without a name from the server, the device and the format name the file
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved[1]?.download).toBe('track-2.csv'));
    expect(screen.getByRole('button', { name: 'Download KML' })).toBeTruthy();
  });

  it('lets the user choose whose trace to download when several devices are replayed, and reports a failure', async () => {
    const { fetchMock } = renderReplay('/replay?groupId=5', {
      'GET /api/positions/kml': () => json(403, { message: 'Reports are disabled for your account' }),
      'GET /api/positions/gpx': () => new Response('<gpx/>', { headers: { 'content-type': 'application/gpx+xml' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download GPX' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Truck 2' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:trace-1', download: 'track-2.gpx' }]));
    expect(requestsTo(fetchMock, '/api/positions/gpx')[0]?.get('deviceId')).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: 'Download KML' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Van 1' }));
    expect(await screen.findByText('Reports are disabled for your account')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });
});
