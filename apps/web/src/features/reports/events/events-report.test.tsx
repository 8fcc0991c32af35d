import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anEvent } from '../../../test/alerts-fixtures';
import { aPosition } from '../../../test/devices-fixtures';
import { json } from '../../../test/fetch-stub';
import { renderReport, requestsTo } from '../../../test/reports-fixtures';
import { EventsReport } from './events-report';

describe('events report', () => {
  it('lists the events of the chosen types and puts their positions on the map', async () => {
    const { fetchMock, router } = renderReport(
      '/report/events?deviceId=1',
      '/report/events',
      <EventsReport />,
      ['VIEW_EVENT_REPORTS'],
      {
        'GET /api/reports/events': () =>
          json(200, [
            anEvent({ id: 1, deviceId: 1, type: 'deviceOverspeed', positionId: 31 }),
            anEvent({ id: 2, deviceId: 1, type: 'alarm', positionId: 32, attributes: { alarm: 'sos' } }),
            anEvent({ id: 3, deviceId: 1, type: 'deviceOnline', positionId: 0 }),
          ]),
        'GET /api/positions': () =>
          json(200, [aPosition({ id: 31, latitude: 37.9 }), aPosition({ id: 32, latitude: 37.95 })]),
      },
    );
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('sos')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/reports/events')[0]?.getAll('type')).toEqual(['allEvents']);
    await waitFor(() => expect(requestsTo(fetchMock, '/api/positions')[0]?.getAll('id')).toEqual(['31', '32']));
    const map = screen.getByRole('region', { name: 'Report map' });
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));

    fireEvent.click(screen.getByRole('combobox', { name: 'Event types' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Alarm' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reports/events').at(-1)?.getAll('type')).toEqual(['alarm']));
    expect(router.state.location.search).toContain('type=alarm');
  });
});
