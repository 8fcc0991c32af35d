import { Button, Divider, Group, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { PetComprehensiveReport } from '@waymark/contracts/pet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import type { PetPeriodParams } from '../pets.api';
import { fetchPetReportPdf } from '../pets.api';
import { ActivityView } from './activity-view';
import { PlacesView } from './places-view';
import { SleepView } from './sleep-view';
import { WellnessView } from './wellness-view';

/** Saves a file the browser was given as a blob. */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Every report of the pet on one page, and the PDF of it (rendered by the server) to share with a vet. */
export function ComprehensiveView({ report, period }: { report: PetComprehensiveReport; period: PetPeriodParams }) {
  const { t } = useTranslation('pets');
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const blob = await fetchPetReportPdf(report.profile.deviceId, period);
      const name = report.profile.name.replace(/[^\p{L}\p{N}_-]+/gu, '-') || 'pet';
      saveBlob(blob, `${name}-${report.activity.from}-${report.activity.to}.pdf`);
    } catch (error) {
      notifyError(error, t('comprehensive.pdfFailed'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Button leftSection={<IconDownload size={16} />} loading={downloading} onClick={() => void download()}>
          {t('comprehensive.downloadPdf')}
        </Button>
      </Group>
      <Title order={3}>{t('tabs.wellness')}</Title>
      <WellnessView report={report.wellness} />
      <Divider />
      <Title order={3}>{t('tabs.activity')}</Title>
      <ActivityView report={report.activity} />
      <Divider />
      <Title order={3}>{t('tabs.sleep')}</Title>
      <SleepView report={report.sleep} />
      <Divider />
      <Title order={3}>{t('tabs.places')}</Title>
      <PlacesView report={report.places} />
    </Stack>
  );
}
