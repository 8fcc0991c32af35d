import type { Permission } from '@waymark/contracts/permissions';
import type { ReportType } from '@waymark/contracts/report';

/** The report pages of the main layout: their path, the API report they read, and their flags. */
export interface ReportPageSpec {
  /** the page under /report/ (its preview is at `<path>/preview`) */
  path: string;
  /** the API report: GET /api/reports/<api>, downloads at /api/reports/<api>/<format> */
  api: ReportType;
  /** the page's flag */
  view: Permission;
  /** the preview's and the downloads' flag */
  download: Permission;
}

export const REPORT_PAGE_IDS = ['events', 'routes', 'trips', 'stops', 'summary', 'chart', 'combined'] as const;
export type ReportPageId = (typeof REPORT_PAGE_IDS)[number];

export const REPORT_PAGES: Record<ReportPageId, ReportPageSpec> = {
  events: { path: '/report/events', api: 'events', view: 'VIEW_EVENT_REPORTS', download: 'DOWNLOAD_EVENT_REPORTS' },
  routes: { path: '/report/routes', api: 'route', view: 'VIEW_ROUTE_REPORTS', download: 'DOWNLOAD_ROUTE_REPORTS' },
  trips: { path: '/report/trips', api: 'trips', view: 'VIEW_TRIP_REPORTS', download: 'DOWNLOAD_TRIP_REPORTS' },
  stops: { path: '/report/stops', api: 'stops', view: 'VIEW_STOP_REPORTS', download: 'DOWNLOAD_STOP_REPORTS' },
  summary: {
    path: '/report/summary',
    api: 'summary',
    view: 'VIEW_SUMMARY_REPORTS',
    download: 'DOWNLOAD_SUMMARY_REPORTS',
  },
  chart: { path: '/report/chart', api: 'chart', view: 'VIEW_CHART_REPORTS', download: 'DOWNLOAD_CHART_REPORTS' },
  // routes with their events: a route report with the events on it
  combined: {
    path: '/report/combined',
    api: 'combined',
    view: 'VIEW_ROUTE_REPORTS',
    download: 'DOWNLOAD_ROUTE_REPORTS',
  },
};
