import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { aTrip, renderReport, requestsTo } from '../../../test/reports-fixtures';
import { TripsReport } from '../trips/trips-report';

// Wednesday 18 November 2026, 14:30 local time
const NOW = new Date(2026, 10, 18, 14, 30);
const VIEW = ['VIEW_TRIP_REPORTS'];

function renderTrips(path: string) {
  return renderReport(path, '/report/trips', <TripsReport />, VIEW, {
    'GET /api/reports/trips': () => json(200, [aTrip()]),
  });
}

describe('the report form', () => {
  beforeEach(() => {
    // only Date is faked: the periods come from a fixed "now", timers stay real
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for devices first, and Show needs one', async () => {
    const { fetchMock } = renderTrips('/report/trips');
    expect(await screen.findByText('Choose devices or groups and a period, then press Show.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show' }).hasAttribute('disabled')).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Period' }) as HTMLInputElement).value).toBe('Today');
    expect(requestsTo(fetchMock, '/api/reports/trips')).toHaveLength(0);
  });

  it('runs the report of a link: devices, groups and a preset period in local time', async () => {
    const { fetchMock } = renderTrips('/report/trips?deviceId=1&groupId=5&period=yesterday');
    expect(await screen.findAllByTestId('report-row')).toHaveLength(1);
    const [request] = requestsTo(fetchMock, '/api/reports/trips');
    expect(request?.getAll('deviceId')).toEqual(['1']);
    expect(request?.getAll('groupId')).toEqual(['5']);
    expect(request?.get('from')).toBe(new Date(2026, 10, 17).toISOString());
    expect(request?.get('to')).toBe(new Date(new Date(2026, 10, 18).getTime() - 1).toISOString());
  });

  it('turns a preset into its from/to on Show and writes the choice to the URL', async () => {
    const { fetchMock, router } = renderTrips('/report/trips?deviceId=1');
    await screen.findAllByTestId('report-row');
    expect(requestsTo(fetchMock, '/api/reports/trips')[0]?.get('from')).toBe(new Date(2026, 10, 18).toISOString());

    fireEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Previous week' }));
    // nothing is asked until Show
    expect(router.state.location.search).toBe('?deviceId=1');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));

    await waitFor(() => expect(requestsTo(fetchMock, '/api/reports/trips')).toHaveLength(2));
    const request = requestsTo(fetchMock, '/api/reports/trips')[1];
    expect(request?.get('from')).toBe(new Date(2026, 10, 9).toISOString());
    expect(request?.get('to')).toBe(new Date(new Date(2026, 10, 16).getTime() - 1).toISOString());
    expect(router.state.location.search).toBe('?deviceId=1&period=previousWeek');
  });

  it('offers a custom range from one hour ago to now, typed as YYYY-MM-DDTHH:mm', async () => {
    const { fetchMock, router } = renderTrips('/report/trips?deviceId=1');
    await screen.findAllByTestId('report-row');
    fireEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Custom' }));

    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2026-11-18T13:30', '2026-11-18T14:30']);
    fireEvent.change(from, { target: { value: '2026-11-18T06:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?deviceId=1&period=custom&from=2026-11-18T06%3A00&to=2026-11-18T14%3A30',
      ),
    );
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reports/trips')).toHaveLength(2));
    const request = requestsTo(fetchMock, '/api/reports/trips')[1];
    expect(request?.get('from')).toBe(new Date(2026, 10, 18, 6, 0).toISOString());
    expect(request?.get('to')).toBe(new Date(new Date(2026, 10, 18, 14, 31).getTime() - 1).toISOString());
  });

  it('refuses a period longer than the report allows without asking the server', async () => {
    const { fetchMock } = renderReport(
      '/report/trips?deviceId=1&period=custom&from=2025-01-01T00:00&to=2026-11-18T00:00',
      '/report/trips',
      <TripsReport />,
      VIEW,
    );
    expect(await screen.findByText('This report covers at most 366 days: choose a shorter period.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/reports/trips')).toHaveLength(0);
  });

  it('picks devices from the device list', async () => {
    const { router } = renderTrips('/report/trips');
    const devices = await screen.findByRole('combobox', { name: 'Devices' });
    fireEvent.click(devices);
    fireEvent.click(await screen.findByRole('option', { name: 'Truck 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?deviceId=2&period=today'));
    expect(await screen.findAllByTestId('report-row')).toHaveLength(1);
  });
});
