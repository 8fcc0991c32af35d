import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { STOCK_IMPORT_MAX_CHARS, type StockImportReport } from '@waymark/contracts/stock-device';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../shared/download';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { importDevices, previewDeviceImport } from '../stock.api';
import { stockKeys } from '../stock.queries';

/** Rows drawn in the dialog; the downloadable report has every row. */
const SHOWN = 200;
const COLOR = { ok: 'green', problem: 'red', created: 'blue' } as const;

/** Whether the previewed file may be imported: a preview with rows and not one problem. */
export const canImport = (report: StockImportReport | null) =>
  report !== null && report.total > 0 && report.problems === 0 && report.created === 0;

/** Bulk CSV upload: pick a file, preview each row's problems, import when none is left, download the report. */
export function ImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('adminStock');
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<StockImportReport | null>(null);
  const preview = useAdminMutation({
    mutationFn: previewDeviceImport,
    invalidates: [],
    failure: t('import.previewFailed'),
    onSuccess: setReport,
  });
  const run = useAdminMutation({
    mutationFn: importDevices,
    invalidates: [stockKeys.all],
    success: (result) => t('import.done', { count: result.created }),
    failure: t('import.failed'),
    onSuccess: setReport,
  });

  const pick = async (file: File | null) => {
    setReport(null);
    setCsv(null);
    setFileError(null);
    if (!file) return;
    const text = await file.text();
    if (text.length > STOCK_IMPORT_MAX_CHARS) return setFileError(t('import.tooLarge'));
    setCsv(text);
    preview.mutate(text);
  };

  return (
    <Modal opened onClose={onClose} title={t('import.title')} size="xl" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('import.help')}
        </Text>
        <FileInput
          label={t('import.file')}
          placeholder={t('import.filePlaceholder')}
          accept=".csv,text/csv"
          leftSection={<IconUpload size={16} />}
          onChange={(file) => void pick(file)}
          error={fileError}
          clearable
        />
        {report ? <ReportTable report={report} /> : null}
        <Group justify="flex-end" wrap="wrap">
          {report ? (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => downloadText('device-import-report.csv', report.report)}
            >
              {t('import.download')}
            </Button>
          ) : null}
          <Button
            variant="default"
            disabled={csv === null}
            loading={preview.isPending}
            onClick={() => csv && preview.mutate(csv)}
          >
            {t('import.preview')}
          </Button>
          <Button disabled={!canImport(report)} loading={run.isPending} onClick={() => csv && run.mutate(csv)}>
            {t('import.submit', { count: report?.total ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ReportTable({ report }: { report: StockImportReport }) {
  const { t } = useTranslation('adminStock');
  return (
    <Stack gap="xs">
      {report.created > 0 ? (
        <Alert color="blue">{t('import.done', { count: report.created })}</Alert>
      ) : report.problems > 0 ? (
        <Alert color="red" role="alert">
          {t('import.blocked', { count: report.problems })}
        </Alert>
      ) : (
        <Alert color="green">{t('import.ready', { count: report.total })}</Alert>
      )}
      <ScrollArea.Autosize mah={320}>
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import.line')}</Table.Th>
                <Table.Th>{t('columns.imei')}</Table.Th>
                <Table.Th>{t('columns.model')}</Table.Th>
                <Table.Th>{t('columns.sim')}</Table.Th>
                <Table.Th>{t('import.status')}</Table.Th>
                <Table.Th>{t('import.problems')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.slice(0, SHOWN).map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{row.imei}</Table.Td>
                  <Table.Td>{row.model}</Table.Td>
                  <Table.Td>{row.iccid}</Table.Td>
                  <Table.Td>
                    <Badge color={COLOR[row.status]} variant="light">
                      {t(`import.rowStatus.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.problems.join('; ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ScrollArea.Autosize>
      {report.rows.length > SHOWN ? (
        <Text size="xs" c="dimmed">
          {t('import.more', { shown: SHOWN, total: report.rows.length })}
        </Text>
      ) : null}
    </Stack>
  );
}
