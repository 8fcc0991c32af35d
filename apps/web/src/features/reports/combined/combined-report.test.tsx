import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anEvent } from '../../../test/alerts-fixtures';
import { aPosition } from '../../../test/devices-fixtures';
import { json } from '../../../test/fetch-stub';
import { renderReport, requestsTo } from '../../../test/reports-fixtures';
import { CombinedReport, combinedView } from './combined-report';

const ITEMS = [
  {
    deviceId: 1,
    route: [
      [23.72, 37.97],
      [23.73, 37.98],
      [23.74, 37.99],
    ],
    events: [
      anEvent({ id: 2, deviceId: 1, type: 'alarm', eventTime: '2026-11-18T08:30:00.000Z', positionId: 32 }),
      anEvent({ id: 1, deviceId: 1, type: 'deviceOverspeed', eventTime: '2026-11-18T08:10:00.000Z', positionId: 31 }),
    ],
    positions: [aPosition({ id: 31, latitude: 37.98, longitude: 23.73 }), aPosition({ id: 32, latitude: 37.99 })],
  },
  {
    deviceId: 2,
    route: [
      [22.9, 40.6],
      [22.95, 40.62],
    ],
    events: [
      anEvent({ id: 3, deviceId: 2, type: 'deviceStopped', eventTime: '2026-11-18T08:20:00.000Z', positionId: 0 }),
    ],
    positions: [],
  },
];

describe('combined report', () => {
  it('turns the API’s [lon, lat] routes into map tracks and lists every event in time order', () => {
    const view = combinedView(ITEMS as never);
    expect(view.tracks[0]?.[0]).toEqual([37.97, 23.72]);
    expect(view.events.map((e) => e.id)).toEqual([1, 3, 2]);
    expect(view.places.get(31)).toEqual([37.98, 23.73]);
  });

  it('draws each device’s route with its events and lists the events', async () => {
    const { fetchMock } = renderReport(
      '/report/combined?deviceId=1&deviceId=2',
      '/report/combined',
      <CombinedReport />,
      ['VIEW_ROUTE_REPORTS'],
      { 'GET /api/reports/combined': () => json(200, ITEMS) },
    );
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Truck 2')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/reports/combined')[0]?.getAll('deviceId')).toEqual(['1', '2']);
    expect(screen.getByText('Routes of 2 devices with their events')).toBeTruthy();
    const map = screen.getByRole('region', { name: 'Report map' });
    // two routes and the two events that have a place
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(4));
    expect(rows[0]?.getAttribute('aria-selected')).toBe('false');
    fireEvent.click(rows[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId('report-row')[0]?.getAttribute('aria-selected')).toBe('true'));
  });
});
