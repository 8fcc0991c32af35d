import { Button, FileInput, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { SimImportReport } from '@waymark/contracts/sim';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportCounts, ImportPreviewError, ImportRowResult } from '../../../../components/import-report';
import { useErrorText } from '../../../../lib/error-text';
import { csvLine, downloadText } from '../../shared/download';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { importSims, previewSimImport } from '../catalogue.api';
import { catalogueKeys } from '../catalogue.queries';

export const SIM_CSV_HEADER = 'ICCID,MSISDN,IMSI,Vendor,Status,Data plan,Activation,Expiry';

/** The per-row report as CSV: the file's columns, then OK or the row's problems. */
export function reportCsv(report: SimImportReport, resultHeading: string, ok: string): string {
  const lines = [`${SIM_CSV_HEADER},${resultHeading}`];
  for (const r of report.rows)
    lines.push(
      csvLine([
        r.iccid,
        r.msisdn,
        r.imsi,
        r.vendor,
        r.status,
        r.dataPlan,
        r.activatedAt,
        r.expiresAt,
        r.problems.length ? r.problems.join('; ') : ok,
      ]),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Bulk SIM card import from CSV: the file is checked by the server first (a preview, row by row), and the import
 * stays disabled while any row has a problem; then every row goes in, or none.
 */
export function SimImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('adminCatalogue');
  const errorText = useErrorText();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<SimImportReport | null>(null);
  const preview = useMutation({ mutationFn: previewSimImport, onSuccess: setReport });
  const run = useAdminMutation({
    mutationFn: importSims,
    invalidates: [catalogueKeys.sims(), catalogueKeys.vendors()],
    success: (result) => t('sims.import.done', { count: result.imported }),
    failure: t('sims.import.failed'),
    onSuccess: onClose,
  });
  const changeCsv = (text: string) => {
    setCsv(text);
    setReport(null);
    preview.reset();
  };
  const ready = report !== null && report.invalid === 0 && report.rows.length > 0;
  return (
    <Modal opened onClose={onClose} title={t('sims.import.title')} size="xl" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('sims.import.help', { columns: SIM_CSV_HEADER })}
        </Text>
        <FileInput
          label={t('sims.import.file')}
          accept=".csv,text/csv"
          leftSection={<IconFileUpload size={16} />}
          clearable
          onChange={async (file) => changeCsv(file ? await file.text() : '')}
        />
        <Textarea
          label={t('sims.import.content')}
          rows={6}
          value={csv}
          onChange={(event) => changeCsv(event.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        {preview.isError ? (
          <ImportPreviewError title={t('sims.import.previewFailed')} message={errorText(preview.error)} />
        ) : null}
        {report ? (
          <>
            <ImportCounts
              validLabel={t('sims.import.valid', { count: report.valid })}
              invalidLabel={t('sims.import.invalid', { count: report.invalid })}
              invalid={report.invalid}
            >
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconDownload size={14} />}
                onClick={() =>
                  downloadText('sim-import-report.csv', reportCsv(report, t('sims.import.result'), t('sims.import.ok')))
                }
              >
                {t('sims.import.download')}
              </Button>
            </ImportCounts>
            <Table.ScrollContainer minWidth={560} mah={320}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('sims.import.line')}</Table.Th>
                    <Table.Th>{t('sims.iccid')}</Table.Th>
                    <Table.Th>{t('sims.vendor')}</Table.Th>
                    <Table.Th>{t('sims.status')}</Table.Th>
                    <Table.Th>{t('sims.import.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.rows.map((row) => (
                    <Table.Tr key={row.line} data-testid={`import-row-${row.line}`}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td ff="monospace">{row.iccid}</Table.Td>
                      <Table.Td>{row.vendor}</Table.Td>
                      <Table.Td>{row.status}</Table.Td>
                      <ImportRowResult problems={row.problems} ok={t('sims.import.ok')} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            variant="light"
            disabled={!csv.trim()}
            loading={preview.isPending}
            onClick={() => preview.mutate(csv)}
          >
            {t('sims.import.preview')}
          </Button>
          <Button disabled={!ready} loading={run.isPending} onClick={() => run.mutate(csv)}>
            {report ? t('sims.import.run', { count: report.rows.length }) : t('sims.import.runNone')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
