import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FleetDashboard } from '@waymark/contracts/fleet-dashboard';
import type { Statistics } from '@waymark/contracts/report';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { renderReport, requestsTo } from '../../../test/reports-fixtures';
import { StatisticsPage } from './statistics-page';

const FLEET: FleetDashboard = {
  timeZone: 'Europe/Athens',
  devices: 9,
  now: { moving: 3, idle: 1, parked: 4, offline: 1 },
  today: { from: '2026-11-26T22:00:00.000Z', distance: 12_500, spentFuel: 2.5, overspeeds: 2 },
  week: { from: '2026-11-22T22:00:00.000Z', distance: 250_000, spentFuel: 41, overspeeds: 7 },
  topDevices: [{ deviceId: 1, name: 'Van 1', distance: 150_000 }],
};

const day = (captureTime: string, requests: number): Statistics => ({
  captureTime,
  activeUsers: 4,
  activeDevices: 8,
  requests,
  messagesReceived: 1000,
  messagesStored: 990,
  mailSent: 3,
  smsSent: 1,
  geocoderRequests: 0,
  geolocationRequests: 0,
});

describe('statistics page', () => {
  it('shows the fleet dashboard to summary report users, without the server statistics', async () => {
    const { fetchMock } = renderReport(
      '/report/statistics',
      '/report/statistics',
      <StatisticsPage />,
      ['VIEW_SUMMARY_REPORTS'],
      { 'GET /api/v2/reports/fleet': () => json(200, { data: FLEET }) },
    );
    const dashboard = await screen.findByTestId('fleet-dashboard');
    expect(within(dashboard).getByText('Moving')).toBeTruthy();
    expect(within(dashboard).getByText('3')).toBeTruthy();
    expect(within(dashboard).getByText('Idling')).toBeTruthy();
    expect(within(dashboard).getByText('Today and this week (Europe/Athens)')).toBeTruthy();
    const fuel = within(dashboard).getByText('Fuel used').closest('tr') as HTMLElement;
    expect(within(fuel).getByText(/^2\.5 /)).toBeTruthy();
    expect(within(fuel).getByText(/^41 /)).toBeTruthy();
    const distance = within(dashboard).getByText('Distance').closest('tr') as HTMLElement;
    expect(within(distance).getByText('12.5 km')).toBeTruthy();
    expect(within(distance).getByText('250 km')).toBeTruthy();
    expect(screen.queryByText('Server statistics')).toBeNull();
    expect(requestsTo(fetchMock, '/api/statistics')).toHaveLength(0);
  });

  it('gives administrators the server’s daily counters over the chosen period', async () => {
    const { fetchMock } = renderReport(
      '/report/statistics',
      '/report/statistics',
      <StatisticsPage />,
      ['ADMIN_ACCOUNT'],
      {
        'GET /api/statistics': () =>
          json(200, [day('2026-11-23T00:00:00.000Z', 120), day('2026-11-24T00:00:00.000Z', 80)]),
      },
    );
    expect(await screen.findByText('Server statistics')).toBeTruthy();
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('120')).toBeTruthy();
    // requests add up over the days; active users (distinct per day) do not
    const totals = screen.getByTestId('report-totals');
    expect(within(totals).getByText('200')).toBeTruthy();
    expect(within(totals).queryByText('8')).toBeNull();
    expect(screen.queryByTestId('fleet-dashboard')).toBeNull();
    expect(requestsTo(fetchMock, '/api/v2/reports/fleet')).toHaveLength(0);

    const first = requestsTo(fetchMock, '/api/statistics')[0];
    expect(first?.get('from')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Previous month' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/statistics')).toHaveLength(2));
    const second = requestsTo(fetchMock, '/api/statistics')[1];
    expect(Date.parse(second?.get('to') ?? '')).toBeLessThan(Date.parse(first?.get('from') ?? '') + 1);
  });
});
