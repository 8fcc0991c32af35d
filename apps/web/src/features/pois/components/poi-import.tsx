import { Alert, Button, FileButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { POI_IMPORT_MAX_ROWS, type PoiImportReport } from '@waymark/contracts/poi';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportCounts, ImportPreviewError, ImportRowResult } from '../../../components/import-report';
import { useErrorText } from '../../../lib/error-text';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { previewPoiImport } from '../pois.api';
import { useImportPoisMutation } from '../pois.queries';

export const POI_CSV_HEADER = 'name,latitude,longitude,category,description,radius';

/**
 * /poi's Import button: a CSV file is picked, the server checks it row by row (the preview), and the import
 * stays disabled while any row has a problem; then every row goes in, or none.
 */
export function PoiImport() {
  const { t } = useTranslation('pois');
  const errorText = useErrorText();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [report, setReport] = useState<PoiImportReport | null>(null);
  const preview = useMutation({ mutationFn: previewPoiImport, onSuccess: setReport });
  const run = useImportPoisMutation();
  const close = () => {
    setFile(null);
    setReport(null);
    preview.reset();
  };
  const pick = async (picked: File | null) => {
    if (!picked) return;
    const csv = await picked.text();
    setFile({ name: picked.name, csv });
    setReport(null);
    preview.mutate(csv);
  };
  const submit = () => {
    if (!file) return;
    run.mutate(file.csv, {
      onSuccess: (result) => {
        notifySuccess(t('import.done', { count: result.imported }));
        close();
      },
      onError: (error) => notifyError(error, t('import.failed')),
    });
  };
  const ready = report !== null && report.invalid === 0 && report.valid > 0;
  return (
    <>
      <FileButton onChange={pick} accept=".csv,text/csv">
        {(props) => (
          <Button variant="light" leftSection={<IconFileUpload size={16} />} {...props}>
            {t('import.button')}
          </Button>
        )}
      </FileButton>
      <Modal opened={file !== null} onClose={close} title={t('import.title')} size="lg" centered>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('import.help', { columns: POI_CSV_HEADER, max: POI_IMPORT_MAX_ROWS })}
          </Text>
          <Text size="sm" fw={600}>
            {file?.name}
          </Text>
          {preview.isError ? (
            <ImportPreviewError title={t('import.previewFailed')} message={errorText(preview.error)} />
          ) : null}
          {report ? (
            <>
              <ImportCounts
                validLabel={t('import.valid', { count: report.valid })}
                invalidLabel={t('import.invalid', { count: report.invalid })}
                invalid={report.invalid}
              />
              <Table.ScrollContainer minWidth={480} mah={320}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('import.line')}</Table.Th>
                      <Table.Th>{t('name')}</Table.Th>
                      <Table.Th>{t('categoryLabel')}</Table.Th>
                      <Table.Th>{t('import.result')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.rows.map((row) => (
                      <Table.Tr key={row.line} data-testid={`poi-import-row-${row.line}`}>
                        <Table.Td>{row.line}</Table.Td>
                        <Table.Td>{row.name}</Table.Td>
                        <Table.Td>{row.category}</Table.Td>
                        <ImportRowResult problems={row.problems} ok={t('import.ok')} />
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {report.invalid > 0 ? (
                <Alert color="red" variant="light">
                  {t('import.fixFirst')}
                </Alert>
              ) : null}
            </>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button onClick={submit} disabled={!ready} loading={preview.isPending || run.isPending}>
              {t('import.submit', { count: report?.valid ?? 0 })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
