import { ChartReport } from '../features/reports/chart/chart-report';
import { CombinedReport } from '../features/reports/combined/combined-report';
import { ReportPreview } from '../features/reports/components/report-preview';
import { EventsReport } from '../features/reports/events/events-report';
import type { ReportPageId } from '../features/reports/report-pages';
import { RouteReport } from '../features/reports/routes/route-report';
import { StatisticsPage as Statistics } from '../features/reports/statistics/statistics-page';
import { StopsReport } from '../features/reports/stops/stops-report';
import { SummaryReport } from '../features/reports/summary/summary-report';
import { TripsReport } from '../features/reports/trips/trips-report';

/** report/events */
export const EventsReportPage = () => <EventsReport />;
/** report/routes */
export const RouteReportPage = () => <RouteReport />;
/** report/trips */
export const TripsReportPage = () => <TripsReport />;
/** report/stops */
export const StopsReportPage = () => <StopsReport />;
/** report/summary */
export const SummaryReportPage = () => <SummaryReport />;
/** report/chart */
export const ChartReportPage = () => <ChartReport />;
/** report/combined */
export const CombinedReportPage = () => <CombinedReport />;
/** report/statistics: the fleet dashboard and, for administrators, the server's statistics */
export const StatisticsPage = () => <Statistics />;
/** report/<page>/preview: the page's document as it downloads */
export const ReportPreviewPage = ({ id }: { id: ReportPageId }) => <ReportPreview id={id} />;
