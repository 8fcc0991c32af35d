import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPosition } from '../../../test/devices-fixtures';
import { json } from '../../../test/fetch-stub';
import { renderReport } from '../../../test/reports-fixtures';
import { RouteReport } from './route-report';

describe('route report', () => {
  it('lists the positions and draws the track', async () => {
    renderReport('/report/routes?deviceId=1', '/report/routes', <RouteReport />, ['VIEW_ROUTE_REPORTS'], {
      'GET /api/reports/route': () =>
        json(200, [
          aPosition({ id: 1, fixTime: '2026-11-18T08:00:00.000Z', speed: 0, latitude: 37.97, longitude: 23.72 }),
          aPosition({ id: 2, fixTime: '2026-11-18T08:01:00.000Z', speed: 20, latitude: 37.98, longitude: 23.73 }),
          aPosition({ id: 3, fixTime: '2026-11-18T08:02:00.000Z', speed: 25, latitude: 37.99, longitude: 23.74 }),
        ]),
    });
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Van 1')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('37.980000°, 23.730000°')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('37 km/h')).toBeTruthy();
    const map = screen.getByRole('region', { name: 'Report map' });
    // the track is one line
    expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(1);
    fireEvent.click(rows[2] as HTMLElement);
    // and the selected position a marker on it
    expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2);
  });
});
