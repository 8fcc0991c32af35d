import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPosition } from '../../../test/devices-fixtures';
import { json } from '../../../test/fetch-stub';
import { aTrip, renderReport, requestsTo } from '../../../test/reports-fixtures';
import { ChartReport } from '../chart/chart-report';
import { TripsReport } from '../trips/trips-report';
import { ReportPreview } from './report-preview';

const TRIPS = ['VIEW_TRIP_REPORTS', 'DOWNLOAD_TRIP_REPORTS'];
const file = (body: string, type: string, name?: string) =>
  new Response(body, {
    status: 200,
    headers: { 'content-type': type, ...(name ? { 'content-disposition': `attachment; filename="${name}"` } : {}) },
  });

describe('report downloads and previews', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:report-${saved.length + 1}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the shown report from /api/reports/<type>/<format> under the server’s file name', async () => {
    const { fetchMock } = renderReport(
      '/report/trips?deviceId=1&period=yesterday',
      '/report/trips',
      <TripsReport />,
      TRIPS,
      {
        'GET /api/reports/trips': () => json(200, [aTrip()]),
        'GET /api/reports/trips/xlsx': () => file('PK…', 'application/vnd.ms-excel', 'trips-2026-11-17.xlsx'),
        'GET /api/reports/trips/csv': () => file('a,b\n', 'text/csv'),
      },
    );
    await screen.findAllByTestId('report-row');
    fireEvent.click(screen.getByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:report-1', download: 'trips-2026-11-17.xlsx' }]));
    const [xlsx] = requestsTo(fetchMock, '/api/reports/trips/xlsx');
    const [json_] = requestsTo(fetchMock, '/api/reports/trips');
    expect(xlsx?.toString()).toBe(json_?.toString());
    expect(xlsx?.getAll('deviceId')).toEqual(['1']);
    expect(xlsx?.get('from')).toBeTruthy();

    // without a name from the server, the report's type names the file
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved[1]?.download).toBe('trips-report.csv'));
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Preview' }).getAttribute('href')).toBe(
      '/report/trips/preview?deviceId=1&period=yesterday',
    );
  });

  it('sends the chart’s series as repeated `key` to its downloads', async () => {
    const { fetchMock, router } = renderReport(
      '/report/chart?deviceId=1&key=speed&key=fuel',
      '/report/chart',
      <ChartReport />,
      ['VIEW_CHART_REPORTS', 'DOWNLOAD_CHART_REPORTS'],
      {
        'GET /api/reports/route': () =>
          json(200, [aPosition({ id: 1, attributes: { fuel: 40, temp1: 21 } }), aPosition({ id: 2, attributes: {} })]),
        'GET /api/reports/chart/pdf': () => file('%PDF', 'application/pdf', 'chart.pdf'),
      },
    );
    expect(await screen.findByText('Drag the handles under the chart to zoom into a part of the period.')).toBeTruthy();
    // the chart draws the route's positions, asked once without the series
    expect(requestsTo(fetchMock, '/api/reports/route')[0]?.has('key')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved[0]?.download).toBe('chart.pdf'));
    expect(requestsTo(fetchMock, '/api/reports/chart/pdf')[0]?.getAll('key')).toEqual(['speed', 'fuel']);

    // the series offered come from the positions, in the user's units
    fireEvent.click(screen.getByRole('combobox', { name: 'Series' }));
    expect(await screen.findByRole('option', { name: 'Altitude (m)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'temp1' }));
    await waitFor(() => expect(router.state.location.search).toBe('?deviceId=1&key=speed&key=fuel&key=temp1'));
    expect(requestsTo(fetchMock, '/api/reports/route')).toHaveLength(1);
  });

  it('previews the PDF the download gives, fetched with the session', async () => {
    localStorage.setItem('access_token', 'token-1');
    const { fetchMock } = renderReport(
      '/report/trips/preview?deviceId=1&period=today',
      '/report/trips/preview',
      <ReportPreview id="trips" />,
      TRIPS,
      { 'GET /api/reports/trips/pdf': () => file('%PDF-1.7', 'application/pdf', 'trips.pdf') },
    );
    const frame = await screen.findByTitle('Trips report — preview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('blob:report-1');
    expect(screen.getByRole('link', { name: 'Open the document on its own' }).getAttribute('href')).toBe(
      'blob:report-1',
    );
    const init = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/reports/trips/pdf'))?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
    expect(requestsTo(fetchMock, '/api/reports/trips')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to the report' }).getAttribute('href')).toBe(
      '/report/trips?deviceId=1&period=today',
    );
  });

  it('shows why a preview could not be made', async () => {
    renderReport('/report/trips/preview?deviceId=1', '/report/trips/preview', <ReportPreview id="trips" />, TRIPS, {
      'GET /api/reports/trips/pdf': () => json(403, { message: 'Reports are disabled' }),
    });
    expect(await screen.findByText('The document could not be made')).toBeTruthy();
    expect(screen.getByText('Reports are disabled')).toBeTruthy();
  });
});
