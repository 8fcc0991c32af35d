import { Divider, NumberInput, Select, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TRIP_DEFAULTS, type TripSettings } from '../lib/trip-settings';

/**
 * The trips-and-stops settings of a group or the server (lib/trip-settings.ts): what the trips, stops and
 * summary reports count as a trip. A change folds the kept history of the devices it applies to again.
 */
export function TripSettingsFields<V extends TripSettings>({ form }: { form: UseFormReturnType<V> }) {
  // in the reports' texts, which load with the signed-in layout (not with the sign-in page)
  const { t } = useTranslation('reports');
  const field = (name: keyof typeof TRIP_DEFAULTS, unit: string) => (
    <NumberInput
      label={t(`tripSettings.${name}`, { unit })}
      placeholder={String(TRIP_DEFAULTS[name])}
      min={0}
      decimalScale={2}
      {...form.getInputProps(name)}
    />
  );
  return (
    <>
      <Divider label={t('tripSettings.title')} labelPosition="left" mt="sm" />
      <Text size="xs" c="dimmed">
        {t('tripSettings.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field('tripMinDistance', t('tripSettings.metres'))}
        {field('tripMinDuration', t('tripSettings.minutes'))}
        {field('tripMinParking', t('tripSettings.minutes'))}
        {field('tripStopGap', t('tripSettings.minutes'))}
        <Select
          label={t('tripSettings.tripUseIgnition')}
          data={[
            { value: '', label: t('tripSettings.inherit') },
            { value: 'true', label: t('tripSettings.ignition') },
            { value: 'false', label: t('tripSettings.speed') },
          ]}
          allowDeselect={false}
          {...form.getInputProps('tripUseIgnition')}
        />
      </SimpleGrid>
    </>
  );
}
