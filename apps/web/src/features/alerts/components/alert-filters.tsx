import '@mantine/dates/styles.css';
import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { Device } from '@waymark/contracts/device';
import { EVENT_REPORT_ALL, EVENT_TYPES } from '@waymark/contracts/event';
import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from '../../../lib/period';
import { eventTypeLabel } from '../event-label';

export interface AlertFilterValues {
  period: Period;
  custom: [string | null, string | null];
  deviceIds: string[];
  type: string;
}

export const defaultAlertFilters: AlertFilterValues = {
  period: 'today',
  custom: [null, null],
  deviceIds: [],
  type: EVENT_REPORT_ALL,
};

export interface AlertFiltersProps {
  value: AlertFilterValues;
  onChange: (value: AlertFilterValues) => void;
  devices: readonly Device[];
}

/** Period, devices and event type of the alerts overview. */
export function AlertFilters({ value, onChange, devices }: AlertFiltersProps) {
  const { t } = useTranslation('alerts');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: value.period === 'custom' ? 4 : 3 }} spacing="sm">
      <Select
        label={t('period')}
        data={PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
        value={value.period}
        onChange={(period) => period && onChange({ ...value, period: period as Period })}
        allowDeselect={false}
      />
      {value.period === 'custom' && (
        <DatePickerInput
          type="range"
          label={t('customRange')}
          placeholder={t('pickDates')}
          value={value.custom}
          onChange={(custom) => onChange({ ...value, custom: custom as [string | null, string | null] })}
          maxDate={new Date()}
        />
      )}
      <MultiSelect
        label={t('devices')}
        placeholder={value.deviceIds.length ? undefined : t('allDevices')}
        data={devices.map((d) => ({ value: String(d.id), label: d.name }))}
        value={value.deviceIds}
        onChange={(deviceIds) => onChange({ ...value, deviceIds })}
        searchable
        clearable
        nothingFoundMessage={t('noMatch')}
      />
      <Select
        label={t('type')}
        data={[
          { value: EVENT_REPORT_ALL, label: t('allTypes') },
          ...EVENT_TYPES.map((type) => ({ value: type, label: eventTypeLabel(t, type) })),
        ]}
        value={value.type}
        onChange={(type) => onChange({ ...value, type: type ?? EVENT_REPORT_ALL })}
        allowDeselect={false}
        searchable
      />
    </SimpleGrid>
  );
}
