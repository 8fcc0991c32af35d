import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveKeys } from '../../../live/live-keys';
import { aDevice, anEvent } from '../../../test/alerts-fixtures';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderAt } from '../../../test/render';
import { AlertsOverview } from './alerts-overview';

describe('AlertsOverview', () => {
  it('asks for today and counts the alerts by type, newest first', async () => {
    const fetchMock = stubFetch({
      'GET /api/devices': () => json(200, [aDevice({ id: 3, name: 'Van' })]),
      'GET /api/reports/events': () =>
        json(200, [
          anEvent({ id: 1, type: 'geofenceEnter', eventTime: '2026-11-18T08:00:00.000Z' }),
          anEvent({ id: 2, type: 'geofenceExit', eventTime: '2026-11-18T09:00:00.000Z' }),
          anEvent({ id: 3, type: 'geofenceEnter', eventTime: '2026-11-18T10:00:00.000Z' }),
        ]),
    });
    renderAt('/alerts', <AlertsOverview />);
    expect((await screen.findByTestId('count-geofenceEnter')).textContent).toBe('Geofence entered: 2');
    expect(screen.getByText('3 alerts')).toBeTruthy();
    const rows = screen.getAllByTestId('alert-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Geofence entered');
    expect(rows[0]?.textContent).toContain('Van');
    expect(rows[1]?.textContent).toContain('Geofence exited');

    const url = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('reports'))?.[0]), 'http://x');
    const from = new Date(url.searchParams.get('from') ?? '');
    expect(from.getHours()).toBe(0);
    expect(url.searchParams.getAll('type')).toEqual([]);
  });

  it('shows the empty and error states', async () => {
    stubFetch({ 'GET /api/devices': () => json(200, []), 'GET /api/reports/events': () => json(200, []) });
    const first = renderAt('/alerts', <AlertsOverview />);
    expect(await screen.findByText('No alerts in this period.')).toBeTruthy();
    first.unmount();

    stubFetch({
      'GET /api/devices': () => json(200, []),
      'GET /api/reports/events': () => json(403, { message: 'Reports are disabled for this account' }),
    });
    renderAt('/alerts', <AlertsOverview />);
    expect(await screen.findByText('Failed to load alerts')).toBeTruthy();
    expect(screen.getByText('Reports are disabled for this account')).toBeTruthy();
  });

  it('lists the live alerts from the websocket cache', async () => {
    stubFetch({ 'GET /api/devices': () => json(200, []), 'GET /api/reports/events': () => json(200, []) });
    const { queryClient } = renderAt('/alerts', <AlertsOverview />);
    expect(screen.getByText('New alerts appear here as they happen.')).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData(liveKeys.events())).toEqual([]));
    act(() => {
      queryClient.setQueryData(liveKeys.events(), [anEvent({ id: 99, type: 'alarm', attributes: { alarm: 'sos' } })]);
    });
    expect(await screen.findByText('sos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Details' }).getAttribute('href')).toBe('/event/99');
  });
});
