import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { aStop, renderReport } from '../../../test/reports-fixtures';
import { StopsReport } from './stops-report';

const theft = { time: '2026-11-18T22:00:00.000Z', latitude: 38.01, longitude: 23.79, litres: 18, positionId: 150 };

describe('stops report', () => {
  it('lists the stops with their places, thefts and totals, and marks the selected one', async () => {
    renderReport('/report/stops?deviceId=1', '/report/stops', <StopsReport />, ['VIEW_STOP_REPORTS'], {
      'GET /api/reports/stops': () =>
        json(200, [
          aStop(),
          aStop({ positionId: 160, startTime: '2026-11-18T20:00:00.000Z', address: null, poi: null, thefts: [theft] }),
        ]),
    });
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Marousi depot')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('1 h 30 min')).toBeTruthy();
    // the nearest point of interest, from the server; none near the second stop
    expect(screen.getByRole('columnheader', { name: 'Nearest POI' })).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Shell Marousi')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('Shell Marousi')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('38.010000°, 23.790000°')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('18 l (1)')).toBeTruthy();
    const totals = within(screen.getByTestId('report-totals'));
    expect(totals.getByText('3 h 00 min')).toBeTruthy();
    expect(totals.getByText('18 l')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Possible fuel thefts' })).toBeTruthy();
    // every stop is a place on the map
    const map = screen.getByRole('region', { name: 'Report map' });
    expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2);
    fireEvent.click(rows[1] as HTMLElement);
    expect(rows[1]?.getAttribute('aria-selected')).toBe('true');
  });
});
