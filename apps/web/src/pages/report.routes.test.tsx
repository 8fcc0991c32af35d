import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '../features/auth/session-context';
import { visibleSections } from '../layouts/app-navbar';
import { navSections } from '../layouts/nav-items';
import { json, stubFetch } from '../test/fetch-stub';
import { aServer, aUser } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { reportDevices } from '../test/reports-fixtures';
import { reportRoutes } from './report.routes';

function renderAs(path: string, permissions: string[]) {
  stubFetch({
    'GET /api/server': () => json(200, aServer()),
    'GET /api/devices': () => json(200, reportDevices),
    'GET /api/groups': () => json(200, []),
  });
  const user = aUser({ permissions: permissions as never });
  return renderRoutes(path, [
    {
      element: (
        <SessionProvider user={user}>
          <Suspense fallback={<p>loading</p>}>
            <Outlet />
            <p>shell</p>
          </Suspense>
        </SessionProvider>
      ),
      children: reportRoutes,
    },
  ]);
}

describe('report routes and their flags', () => {
  it.each([
    ['/report/events', 'VIEW_EVENT_REPORTS', 'Events report'],
    ['/report/routes', 'VIEW_ROUTE_REPORTS', 'Route report'],
    ['/report/trips', 'VIEW_TRIP_REPORTS', 'Trips report'],
    ['/report/stops', 'VIEW_STOP_REPORTS', 'Stops report'],
    ['/report/summary', 'VIEW_SUMMARY_REPORTS', 'Summary report'],
    ['/report/chart', 'VIEW_CHART_REPORTS', 'Chart report'],
    ['/report/combined', 'VIEW_ROUTE_REPORTS', 'Combined report'],
    ['/report/statistics', 'VIEW_SUMMARY_REPORTS', 'Statistics'],
    ['/report/statistics', 'ADMIN_ACCOUNT', 'Statistics'],
  ])('%s opens with %s only', async (path, flag, title) => {
    renderAs(path, [flag]);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
  });

  it('shows nothing of a page without its flag, nor of a preview without the download flag', async () => {
    renderAs('/report/stops', ['VIEW_TRIP_REPORTS', 'DOWNLOAD_STOP_REPORTS']);
    expect(await screen.findByText('shell')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('keeps the statistics page closed without the summary flag or ADMIN_ACCOUNT', async () => {
    renderAs('/report/statistics', ['VIEW_ROUTE_REPORTS', 'VIEW_TRIP_REPORTS']);
    expect(await screen.findByText('shell')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('opens a preview with the download flag alone', async () => {
    renderAs('/report/summary/preview?deviceId=1', ['DOWNLOAD_SUMMARY_REPORTS']);
    expect(await screen.findByRole('heading', { name: 'Summary report — preview' })).toBeTruthy();
  });

  it('opens the scheduled reports with any download flag, and not with view flags alone', async () => {
    stubFetch({ 'GET /api/reports': () => json(200, []), 'GET /api/calendars': () => json(200, []) });
    const user = aUser({ permissions: ['DOWNLOAD_TRIP_REPORTS'] });
    renderRoutes('/reports/scheduled', [
      {
        element: (
          <SessionProvider user={user}>
            <Suspense fallback={<p>loading</p>}>
              <Outlet />
            </Suspense>
          </SessionProvider>
        ),
        children: reportRoutes,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Scheduled reports' })).toBeTruthy();
    expect(await screen.findByText('No scheduled reports yet.')).toBeTruthy();
  });

  it('keeps the scheduled reports closed to the view flags', async () => {
    renderAs('/reports/scheduled', REPORT_VIEW_FLAGS);
    expect(await screen.findByText('shell')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('keeps the preview closed to the view flag', async () => {
    renderAs('/report/summary/preview', ['VIEW_SUMMARY_REPORTS']);
    expect(await screen.findByText('shell')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

describe('the reports navigation', () => {
  const reportPaths = (held: string[]) =>
    visibleSections(navSections, held)
      .find((section) => section.label === 'nav.reports')
      ?.items.map((item) => item.to);

  it('lists the report pages the user’s flags allow', () => {
    expect(reportPaths(['VIEW_TRIP_REPORTS', 'VIEW_CHART_REPORTS', 'DOWNLOAD_STOP_REPORTS'])).toEqual([
      '/report/trips',
      '/report/chart',
      // a download flag lets the user schedule that report
      '/reports/scheduled',
    ]);
    expect(reportPaths(REPORT_VIEW_FLAGS)).toEqual([
      '/report/events',
      '/report/routes',
      '/report/trips',
      '/report/stops',
      '/report/summary',
      '/report/chart',
      '/report/combined',
      '/report/statistics',
    ]);
    expect(reportPaths(['ADMIN_ACCOUNT'])).toContain('/report/statistics');
  });

  it('has no reports entry without a report flag', () => {
    expect(reportPaths(['VIEW_DEVICES'])).toBeUndefined();
  });
});

const REPORT_VIEW_FLAGS = [
  'VIEW_EVENT_REPORTS',
  'VIEW_ROUTE_REPORTS',
  'VIEW_TRIP_REPORTS',
  'VIEW_STOP_REPORTS',
  'VIEW_SUMMARY_REPORTS',
  'VIEW_CHART_REPORTS',
];
