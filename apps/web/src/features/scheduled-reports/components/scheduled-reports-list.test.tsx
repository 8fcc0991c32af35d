import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScheduledReportDto } from '@waymark/contracts/scheduled-report';
import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { renderAt } from '../../../test/render';
import { reportDevices } from '../../../test/reports-fixtures';
import { ScheduledReportsList } from './scheduled-reports-list';

const calendar = { id: 3, name: 'Every morning', data: '', tenantId: 1, attributes: {} };

const report = (overrides: Partial<ScheduledReportDto> = {}): ScheduledReportDto => ({
  id: 9,
  type: 'trips',
  description: 'Fleet trips',
  calendarId: 3,
  attributes: { deviceIds: [1], groupIds: [], format: 'pdf', recipients: [], period: 'previousDay', disabled: false },
  lastRunAt: null,
  lastError: null,
  ...overrides,
});

const lookups = {
  'GET /api/calendars': () => json(200, [calendar]),
  'GET /api/devices': () => json(200, reportDevices),
  'GET /api/groups': () => json(200, []),
};

describe('ScheduledReportsList', () => {
  it('lists the reports with their calendar, format, period, last run and last error', async () => {
    stubFetch({
      ...lookups,
      'GET /api/reports': () =>
        json(200, [
          report(),
          report({
            id: 10,
            description: 'Monthly summary',
            type: 'summary',
            attributes: { ...report().attributes, format: 'xlsx', period: 'previousMonth', disabled: true },
            lastRunAt: '2026-03-01T08:00:00Z',
            lastError: 'The owner cannot sign in',
          }),
        ]),
    });
    renderAt('/reports/scheduled', <ScheduledReportsList />);
    expect(await screen.findByText('Fleet trips')).toBeTruthy();
    const rows = screen.getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('Trips')).toBeTruthy();
    expect(await within(rows[1] as HTMLElement).findByText('Every morning')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('PDF')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Previous day')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Never')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Paused')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Previous month')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('The owner cannot sign in')).toBeTruthy();
  });

  it('creates a report with its calendar and recipients', async () => {
    const fetchMock = stubFetch({
      ...lookups,
      'GET /api/reports': () => json(200, []),
      'POST /api/reports': () => json(200, report()),
    });
    renderAt('/reports/scheduled', <ScheduledReportsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add scheduled report' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Morning summary' } });
    fireEvent.click(within(dialog).getByLabelText(/^Calendar/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Every morning' }));
    fireEvent.change(within(dialog).getByLabelText('Recipients'), {
      target: { value: 'ops@example.test\nboss@example.test' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Scheduled report created')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/reports')[0]).toEqual({
      type: 'summary',
      description: 'Morning summary',
      calendarId: 3,
      attributes: {
        deviceIds: [],
        groupIds: [],
        format: 'xlsx',
        period: 'sinceLastRun',
        recipients: ['ops@example.test', 'boss@example.test'],
        disabled: false,
      },
    });
  });

  it('refuses a wrong recipient and a missing calendar before sending anything', async () => {
    const fetchMock = stubFetch({ ...lookups, 'GET /api/reports': () => json(200, []) });
    renderAt('/reports/scheduled', <ScheduledReportsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add scheduled report' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'X' } });
    fireEvent.change(within(dialog).getByLabelText('Recipients'), { target: { value: 'not an address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter email addresses, one per line (at most 20)')).toBeTruthy();
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/reports')).toEqual([]);
  });

  it('sends a report now and deletes one after confirmation', async () => {
    const fetchMock = stubFetch({
      ...lookups,
      'GET /api/reports': () => json(200, [report()]),
      'POST /api/reports/9/run': () => json(200, report({ lastRunAt: '2026-03-02T08:00:00Z' })),
      'DELETE /api/reports/9': () => new Response(null, { status: 204 }),
    });
    renderAt('/reports/scheduled', <ScheduledReportsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send Fleet trips now' }));
    expect(await screen.findByText('The report was sent')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Fleet trips' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Scheduled report deleted')).toBeTruthy();
    await waitFor(() => expect(bodiesOf(fetchMock, 'DELETE /api/reports/9')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST /api/reports/9/run')).toHaveLength(1);
  });
});
