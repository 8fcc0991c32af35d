import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPosition } from '../../../test/devices-fixtures';
import { json } from '../../../test/fetch-stub';
import { aTrip, renderReport, requestsTo } from '../../../test/reports-fixtures';
import { TripsReport } from './trips-report';

const trips = [
  aTrip(),
  aTrip({
    deviceId: 2,
    deviceName: 'Truck 2',
    startPositionId: 201,
    endPositionId: 230,
    startTime: '2026-11-18T11:00:00.000Z',
    endTime: '2026-11-18T12:00:00.000Z',
    distance: 40_000,
    duration: 60 * 60_000,
    spentFuel: 9,
    refuelled: 0,
    refuels: [],
    idleTime: 0,
    driverName: null,
  }),
];

describe('trips report', () => {
  it('lists the trips with refuels and idle time, and totals', async () => {
    renderReport('/report/trips?deviceId=1&deviceId=2', '/report/trips', <TripsReport />, ['VIEW_TRIP_REPORTS'], {
      'GET /api/reports/trips': () => json(200, trips),
    });
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Van 1')).toBeTruthy();
    expect(first.getByText('Syntagma, Athens')).toBeTruthy();
    // no address: the coordinates in the user's format
    expect(first.getByText('38.010000°, 23.790000°')).toBeTruthy();
    expect(first.getByText('12.5 km')).toBeTruthy();
    expect(first.getByText('45 min')).toBeTruthy();
    expect(first.getByText('74.1 km/h')).toBeTruthy();
    expect(first.getByText('30 l (1)')).toBeTruthy();
    expect(first.getByText('5 min')).toBeTruthy();
    const totals = within(screen.getByTestId('report-totals'));
    expect(totals.getByText('52.5 km')).toBeTruthy();
    expect(totals.getByText('1 h 45 min')).toBeTruthy();
    expect(totals.getByText('11.5 l')).toBeTruthy();
    // before a trip is chosen the map shows where each one started
    const map = screen.getByRole('region', { name: 'Report map' });
    expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2);
    // no download flag: no downloads, no preview
    expect(screen.queryByRole('button', { name: 'Download XLSX' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Preview' })).toBeNull();
  });

  it('sorts by a column, both ways', async () => {
    renderReport('/report/trips?deviceId=1', '/report/trips', <TripsReport />, ['VIEW_TRIP_REPORTS'], {
      'GET /api/reports/trips': () => json(200, trips),
    });
    await screen.findAllByTestId('report-row');
    const names = () => screen.getAllByTestId('report-row').map((row) => row.firstElementChild?.textContent);
    const header = screen.getByRole('button', { name: 'Distance' });
    fireEvent.click(header);
    expect(names()).toEqual(['Van 1', 'Truck 2']);
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header);
    expect(names()).toEqual(['Truck 2', 'Van 1']);
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('descending');
  });

  it('fetches the route of the selected trip between its start and end', async () => {
    const { fetchMock } = renderReport(
      '/report/trips?deviceId=1',
      '/report/trips',
      <TripsReport />,
      ['VIEW_TRIP_REPORTS'],
      {
        'GET /api/reports/trips': () => json(200, trips),
        'GET /api/reports/route': () =>
          json(200, [
            aPosition({ id: 101, latitude: 37.97, longitude: 23.72 }),
            aPosition({ id: 140, latitude: 38.01 }),
          ]),
      },
    );
    expect(await screen.findByText('Select a trip to see its route')).toBeTruthy();
    fireEvent.click((await screen.findAllByTestId('report-row'))[1] as HTMLElement);
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reports/route')).toHaveLength(1));
    const request = requestsTo(fetchMock, '/api/reports/route')[0];
    expect(Object.fromEntries(request ?? [])).toEqual({
      deviceId: '2',
      from: '2026-11-18T11:00:00.000Z',
      to: '2026-11-18T12:00:00.000Z',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(await screen.findByText("The selected trip's route, from the green start to the red end")).toBeTruthy();
    expect(screen.getAllByTestId('report-row')[1]?.getAttribute('aria-selected')).toBe('true');
  });

  it('adds the trips vehicles of a group made together when asked', async () => {
    const { fetchMock, router } = renderReport(
      '/report/trips?groupId=5',
      '/report/trips',
      <TripsReport />,
      ['VIEW_TRIP_REPORTS'],
      {
        'GET /api/reports/trips': () => json(200, trips),
      },
    );
    await screen.findAllByTestId('report-row');
    expect(requestsTo(fetchMock, '/api/reports/trips')[0]?.has('groupTrips')).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: /Trips of several vehicles together/ }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reports/trips').at(-1)?.get('groupTrips')).toBe('true'));
    expect(requestsTo(fetchMock, '/api/reports/trips').at(-1)?.getAll('groupId')).toEqual(['5']);
    expect(router.state.location.search).toBe('?groupId=5&groupTrips=true');
  });

  it('shows the server’s refusal', async () => {
    renderReport('/report/trips?deviceId=1', '/report/trips', <TripsReport />, ['VIEW_TRIP_REPORTS'], {
      'GET /api/reports/trips': () => json(400, { message: 'Period too long' }),
    });
    expect(await screen.findByText('The report could not be loaded')).toBeTruthy();
    expect(screen.getByText('Period too long')).toBeTruthy();
  });

  it('says when the API cut the report at its row limit', async () => {
    renderReport('/report/trips?deviceId=1', '/report/trips', <TripsReport />, ['VIEW_TRIP_REPORTS'], {
      'GET /api/reports/trips': () => json(200, trips, { 'X-Truncated': 'true' }),
    });
    expect(await screen.findByText(/Only the first 2 rows are shown/)).toBeTruthy();
  });
});
