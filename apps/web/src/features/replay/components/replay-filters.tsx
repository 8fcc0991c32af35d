import '@mantine/dates/styles.css';
import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { Device } from '@waymark/contracts/device';
import type { GroupDto } from '@waymark/contracts/group';
import { useTranslation } from 'react-i18next';
import { REPLAY_PERIODS, type ReplayPeriod } from '../../../lib/period';

export interface ReplayFilterValues {
  deviceIds: number[];
  groupIds: number[];
  period: ReplayPeriod;
  /** The custom range as the date pickers give it ("YYYY-MM-DD HH:mm:ss", local time). */
  custom: [string | null, string | null];
}

interface Props {
  value: ReplayFilterValues;
  onChange: (value: ReplayFilterValues) => void;
  devices: readonly Device[];
  groups: readonly GroupDto[];
  loading: boolean;
}

const toValues = (ids: readonly number[]) => ids.map(String);

/**
 * The devices and groups to replay together (a group's devices count too), and the period; a custom period adds
 * from/to date-time pickers.
 */
export function ReplayFilters({ value, onChange, devices, groups, loading }: Props) {
  const { t } = useTranslation('replay');
  const custom = value.period === 'custom';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: custom ? 5 : 3 }} spacing="sm">
      <MultiSelect
        label={t('devices')}
        placeholder={value.deviceIds.length ? undefined : t('devicePlaceholder')}
        data={devices.map((d) => ({ value: String(d.id), label: d.name }))}
        value={toValues(value.deviceIds)}
        onChange={(ids) => onChange({ ...value, deviceIds: ids.map(Number) })}
        searchable
        clearable
        nothingFoundMessage={t('noMatch')}
        disabled={loading}
      />
      <MultiSelect
        label={t('groups')}
        placeholder={value.groupIds.length ? undefined : t('groupPlaceholder')}
        data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
        value={toValues(value.groupIds)}
        onChange={(ids) => onChange({ ...value, groupIds: ids.map(Number) })}
        searchable
        clearable
        nothingFoundMessage={t('noMatch')}
        disabled={loading}
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
