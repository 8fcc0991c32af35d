import '@mantine/dates/styles.css';
import { Select, SimpleGrid } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { Device } from '@waymark/contracts/device';
import { useTranslation } from 'react-i18next';
import { REPLAY_PERIODS, type ReplayPeriod } from '../../../lib/period';

export interface ReplayFilterValues {
  deviceId: number | null;
  period: ReplayPeriod;
  /** The custom range as the date pickers give it ("YYYY-MM-DD HH:mm:ss", local time). */
  custom: [string | null, string | null];
}

interface Props {
  value: ReplayFilterValues;
  onChange: (value: ReplayFilterValues) => void;
  devices: readonly Device[];
  devicesLoading: boolean;
}

/** The device and the period to replay; a custom period adds from/to date-time pickers. */
export function ReplayFilters({ value, onChange, devices, devicesLoading }: Props) {
  const { t } = useTranslation('replay');
  const custom = value.period === 'custom';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: custom ? 4 : 2 }} spacing="sm">
      <Select
        label={t('device')}
        placeholder={t('devicePlaceholder')}
        data={devices.map((d) => ({ value: String(d.id), label: d.name }))}
        value={value.deviceId == null ? null : String(value.deviceId)}
        onChange={(id) => onChange({ ...value, deviceId: id ? Number(id) : null })}
        searchable
        nothingFoundMessage={t('noMatch')}
        disabled={devicesLoading}
      />
      <Select
        label={t('period')}
        data={REPLAY_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
        value={value.period}
        onChange={(period) => period && onChange({ ...value, period: period as ReplayPeriod })}
        allowDeselect={false}
      />
      {custom && (
        <>
          <DateTimePicker
            label={t('from')}
            placeholder={t('pickTime')}
            valueFormat="YYYY-MM-DD HH:mm"
            value={value.custom[0]}
            onChange={(from) => onChange({ ...value, custom: [from, value.custom[1]] })}
            maxDate={new Date()}
            clearable
          />
          <DateTimePicker
            label={t('to')}
            placeholder={t('pickTime')}
            valueFormat="YYYY-MM-DD HH:mm"
            value={value.custom[1]}
            onChange={(to) => onChange({ ...value, custom: [value.custom[0], to] })}
            minDate={value.custom[0] ?? undefined}
            clearable
          />
        </>
      )}
    </SimpleGrid>
  );
}
