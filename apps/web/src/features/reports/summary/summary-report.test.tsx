import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format/time';
import { json } from '../../../test/fetch-stub';
import { aSummary, renderReport, requestsTo } from '../../../test/reports-fixtures';
import { SummaryReport } from './summary-report';

describe('summary report', () => {
  it('shows one row per device with totals, and per day when asked', async () => {
    const { fetchMock, router } = renderReport(
      '/report/summary?deviceId=1&deviceId=2',
      '/report/summary',
      <SummaryReport />,
      ['VIEW_SUMMARY_REPORTS'],
      {
        // the report over the period, then per day
        'GET /api/reports/summary': [
          () =>
            json(200, [aSummary(), aSummary({ deviceId: 2, deviceName: 'Truck 2', distance: 20_000, spentFuel: 4 })]),
          () => json(200, [aSummary(), aSummary({ startTime: '2026-11-19T06:00:00.000Z', distance: 10_000 })]),
        ],
      },
    );
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('50 km')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('2 h 00 min')).toBeTruthy();
    const totals = within(screen.getByTestId('report-totals'));
    expect(totals.getByText('70 km')).toBeTruthy();
    expect(totals.getByText('12 l')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Day' })).toBeNull();
    expect(requestsTo(fetchMock, '/api/reports/summary')[0]?.has('daily')).toBe(false);

    fireEvent.click(screen.getByRole('switch', { name: 'One row per day' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reports/summary').at(-1)?.get('daily')).toBe('true'));
    expect(router.state.location.search).toContain('daily=true');
    expect(await screen.findByRole('columnheader', { name: 'Day' })).toBeTruthy();
    expect(await screen.findByText(formatDate('2026-11-19T06:00:00.000Z', 'en'))).toBeTruthy();
  });
});
