import { SCHEDULED_REPORT_FLAGS } from '@waymark/contracts/scheduled-report';
import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../features/permissions/require-permission';
import { REPORT_PAGE_IDS, REPORT_PAGES, type ReportPageId } from '../features/reports/report-pages';

const EventsReportPage = lazy(async () => ({ default: (await import('./report-pages')).EventsReportPage }));
const RouteReportPage = lazy(async () => ({ default: (await import('./report-pages')).RouteReportPage }));
const TripsReportPage = lazy(async () => ({ default: (await import('./report-pages')).TripsReportPage }));
const StopsReportPage = lazy(async () => ({ default: (await import('./report-pages')).StopsReportPage }));
const SummaryReportPage = lazy(async () => ({ default: (await import('./report-pages')).SummaryReportPage }));
const ChartReportPage = lazy(async () => ({ default: (await import('./report-pages')).ChartReportPage }));
const CombinedReportPage = lazy(async () => ({ default: (await import('./report-pages')).CombinedReportPage }));
const StatisticsPage = lazy(async () => ({ default: (await import('./report-pages')).StatisticsPage }));
const ScheduledReportsPage = lazy(async () => ({
  default: (await import('./scheduled-reports-page')).ScheduledReportsPage,
}));
const ReportPreviewPage = lazy(async () => ({ default: (await import('./report-pages')).ReportPreviewPage }));

const PAGES: Record<ReportPageId, ReactNode> = {
  events: <EventsReportPage />,
  routes: <RouteReportPage />,
  trips: <TripsReportPage />,
  stops: <StopsReportPage />,
  summary: <SummaryReportPage />,
  chart: <ChartReportPage />,
  combined: <CombinedReportPage />,
};

/**
 * The report pages (mounted in the main layout by router.tsx): each behind its VIEW flag, and its preview at
 * `<page>/preview` behind its DOWNLOAD flag; the scheduled reports behind any DOWNLOAD flag.
 */
const pageRoutes: RouteObject[] = REPORT_PAGE_IDS.flatMap((id) => {
  const spec = REPORT_PAGES[id];
  const path = spec.path.slice(1);
  return [
    { path, element: <RequirePermission flags={[spec.view]}>{PAGES[id]}</RequirePermission> },
    {
      path: `${path}/preview`,
      element: (
        <RequirePermission flags={[spec.download]}>
          <ReportPreviewPage id={id} />
        </RequirePermission>
      ),
    },
  ];
});

export const reportRoutes: RouteObject[] = [
  {
    // the fleet dashboard (summary reports) and the server's statistics (administrators)
    path: 'report/statistics',
    element: (
      <RequirePermission flags={['VIEW_SUMMARY_REPORTS', 'ADMIN_ACCOUNT']}>
        <StatisticsPage />
      </RequirePermission>
    ),
  },
  ...pageRoutes,
  {
    path: 'reports/scheduled',
    element: (
      <RequirePermission flags={[...SCHEDULED_REPORT_FLAGS]}>
        <ScheduledReportsPage />
      </RequirePermission>
    ),
  },
];
