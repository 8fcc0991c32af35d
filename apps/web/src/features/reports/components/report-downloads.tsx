import { Button, Group } from '@mantine/core';
import { IconDownload, IconEye, IconTable } from '@tabler/icons-react';
import { REPORT_FORMATS, type ReportFormat } from '@waymark/contracts/report';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { notifyError } from '../../../lib/notify';
import { useHasPermission } from '../../permissions/use-has-permission';
import type { ReportPageSpec } from '../report-pages';
import { fetchReportFile, reportUrl, saveFile } from '../reports.api';

interface Props {
  spec: ReportPageSpec;
  /** the shown report's API query with the page's parameters; null: nothing to download yet */
  query: URLSearchParams | null;
  /** the page's URL parameters, carried to the preview */
  search: string;
  /** on the page: a link to its preview; on the preview: back to the page */
  on: 'page' | 'preview';
}

/** Download XLSX / PDF / CSV of the shown report, and its preview; only with the report's DOWNLOAD flag. */
export function ReportDownloads({ spec, query, search, on }: Props) {
  const { t } = useTranslation('reports');
  const allowed = useHasPermission([spec.download]);
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  if (!allowed) return null;

  const download = async (format: ReportFormat) => {
    if (!query) return;
    setBusy(format);
    try {
      saveFile(await fetchReportFile(reportUrl(spec.api, query, format), `${spec.api}-report.${format}`));
    } catch (error) {
      notifyError(error, t('downloadFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="xs">
      {REPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={!query || (busy !== null && busy !== format)}
          loading={busy === format}
          onClick={() => void download(format)}
        >
          {t('download', { format: format.toUpperCase() })}
        </Button>
      ))}
      <Button
        component={Link}
        to={`${spec.path}${on === 'page' ? '/preview' : ''}${search ? `?${search}` : ''}`}
        variant="subtle"
        leftSection={on === 'page' ? <IconEye size={16} /> : <IconTable size={16} />}
      >
        {on === 'page' ? t('preview') : t('backToReport')}
      </Button>
    </Group>
  );
}
