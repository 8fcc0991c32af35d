import { Alert, Stack, Text, Title } from '@mantine/core';
import { REPORT_MAX_DAYS, type ReportType } from '@waymark/contracts/report';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { usePageTitle } from '../../../components/use-page-title';
import { extraParamsOf } from '../report-extra';
import type { ReportPageId } from '../report-pages';
import { REPORT_PAGES } from '../report-pages';
import type { ReportRows } from '../reports.api';
import { useReportQuery } from '../reports.queries';
import { type ReportState, withExtra } from '../use-report-state';
import { ReportDownloads } from './report-downloads';
import { ReportForm } from './report-form';

interface Props {
  id: ReportPageId;
  state: ReportState;
  /** the preview page: the document as it downloads instead of the table */
  preview?: boolean;
  /** the page's own controls, shown in the form */
  extraControls?: ReactNode;
  /** the report, once there is a query to ask */
  children: (query: URLSearchParams) => ReactNode;
}

/** A report page: title, the shared form with its downloads, and the report below once one is chosen. */
export function ReportView({ id, state, preview = false, extraControls, children }: Props) {
  const { t } = useTranslation('reports');
  const spec = REPORT_PAGES[id];
  const title = preview ? t('previewOf', { title: t(`pages.${id}.title`) }) : t(`pages.${id}.title`);
  usePageTitle(title);
  // the page's own API parameters (event types, daily rows, chart series) go with the report and its downloads
  const query = withExtra(state.query, extraParamsOf(id, state.params));
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{title}</Title>
        <Text size="sm" c="dimmed">
          {t(`pages.${id}.subtitle`)}
        </Text>
      </div>
      <ReportForm
        value={state.search}
        onShow={state.apply}
        extra={extraControls}
        actions={
          <ReportDownloads
            spec={spec}
            query={query}
            search={state.params.toString()}
            on={preview ? 'preview' : 'page'}
          />
        }
      />
      {query ? (
        children(query)
      ) : state.problem === 'tooLong' ? (
        <Alert color="yellow">{t('tooLong', { days: REPORT_MAX_DAYS[spec.api] })}</Alert>
      ) : state.problem === 'badRange' ? (
        <Alert color="yellow">{t('badRange')}</Alert>
      ) : (
        <EmptyState message={t('chooseFirst')} />
      )}
    </Stack>
  );
}

/** The states of a report's query around its result: loading, failed, empty, cut at the row limit. */
export function ReportResult<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: ReportRows<T>; refetch: () => unknown };
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation('reports');
  if (query.isPending) return <LoadingState />;
  if (query.isError || !query.data)
    return <ErrorState error={query.error} title={t('loadFailed')} onRetry={() => void query.refetch()} />;
  if (query.data.rows.length === 0) return <EmptyState message={t('empty')} />;
  return (
    <Stack gap="sm">
      {query.data.truncated && <Alert color="yellow">{t('truncated', { rows: query.data.rows.length })}</Alert>}
      {children(query.data.rows)}
    </Stack>
  );
}

/** Asks the API for one report and shows its rows through `children` once they are in (see ReportResult). */
export function ReportQueryResult<T>({
  type,
  query,
  schema,
  children,
}: {
  type: ReportType;
  query: URLSearchParams;
  schema: z.ZodType<T>;
  children: (rows: T[]) => ReactNode;
}) {
  const report = useReportQuery(type, query, schema);
  return <ReportResult query={report}>{children}</ReportResult>;
}
