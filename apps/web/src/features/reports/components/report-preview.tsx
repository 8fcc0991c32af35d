import { Anchor, Box, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/state-views';
import { REPORT_PAGES, type ReportPageId } from '../report-pages';
import { reportUrl } from '../reports.api';
import { useReportFileQuery } from '../reports.queries';
import { useReportState } from '../use-report-state';
import { ReportView } from './report-view';

/**
 * The server's PDF in a frame, through an object URL that is freed when the document changes or the page closes;
 * a link opens it on its own for browsers that show no PDF inside a page (most phones).
 */
function PdfFrame({ blob, title }: { blob: Blob; title: string }) {
  const { t } = useTranslation('reports');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  if (!url) return null;
  return (
    <Stack gap="xs">
      <Anchor href={url} target="_blank" rel="noopener" size="sm">
        {t('openDocument')}
      </Anchor>
      <Box
        component="iframe"
        src={url}
        title={title}
        data-testid="report-preview"
        w="100%"
        h="80vh"
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
      />
    </Stack>
  );
}

function PreviewDocument({ id, query }: { id: ReportPageId; query: URLSearchParams }) {
  const { t } = useTranslation('reports');
  const spec = REPORT_PAGES[id];
  // the same document a PDF download gives: GET /api/reports/<type>/pdf with the page's query
  const file = useReportFileQuery(reportUrl(spec.api, query, 'pdf'), `${spec.api}-report.pdf`);
  if (file.isPending) return <LoadingState />;
  if (file.isError)
    return <ErrorState error={file.error} title={t('previewFailed')} onRetry={() => void file.refetch()} />;
  return <PdfFrame blob={file.data.blob} title={t('previewOf', { title: t(`pages.${id}.title`) })} />;
}

/** <page>/preview: the report's form, and its PDF as it will download. */
export function ReportPreview({ id }: { id: ReportPageId }) {
  const state = useReportState(REPORT_PAGES[id]);
  return (
    <ReportView id={id} state={state} preview>
      {(query) => <PreviewDocument id={id} query={query} />}
    </ReportView>
  );
}
