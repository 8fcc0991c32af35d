import { Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultCustomRange, PERIODS, type Period } from '../../../lib/period';
import { useDevicesQuery } from '../../devices/devices.queries';
import { useGroupsQuery } from '../../groups/groups.queries';
import type { ReportSearch } from '../report-search';

interface Props {
  /** the report shown now (from the URL) */
  value: ReportSearch;
  /** Show: the chosen report goes to the URL */
  onShow: (search: ReportSearch) => void;
  /** the page's own controls (event types, daily rows, chart series) */
  extra?: ReactNode;
  /** the download buttons */
  actions?: ReactNode;
}

const toIds = (values: string[]) => values.map(Number);
const toValues = (ids: readonly number[]) => ids.map(String);

/**
 * The form every report page shares: devices, groups (their devices count too), the period (presets in the
 * user's time zone, or a custom from/to), Show, and the page's downloads. Edits stay in the form until Show.
 */
export function ReportForm({ value, onShow, extra, actions }: Props) {
  const { t } = useTranslation('reports');
  const devices = useDevicesQuery();
  const groups = useGroupsQuery();
  const [draft, setDraft] = useState(value);
  // a new URL (back, a link, Show) is what the form shows
  useEffect(() => setDraft(value), [value]);

  const choosePeriod = (period: Period) => {
    // a custom period starts from the default range (the last hour) unless one is typed already
    const range = draft.period === 'custom' ? draft : defaultCustomRange(new Date());
    setDraft({ ...draft, period, from: range.from, to: range.to });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onShow(draft);
  };
  const nothingChosen = draft.deviceIds.length === 0 && draft.groupIds.length === 0;

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label={t('form')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: draft.period === 'custom' ? 5 : 3 }} spacing="sm">
          <MultiSelect
            label={t('devices')}
            placeholder={draft.deviceIds.length ? undefined : t('chooseDevices')}
            data={(devices.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            value={toValues(draft.deviceIds)}
            onChange={(ids) => setDraft({ ...draft, deviceIds: toIds(ids) })}
            searchable
            clearable
            nothingFoundMessage={t('noMatch')}
          />
          <MultiSelect
            label={t('groups')}
            placeholder={draft.groupIds.length ? undefined : t('chooseGroups')}
            data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={toValues(draft.groupIds)}
            onChange={(ids) => setDraft({ ...draft, groupIds: toIds(ids) })}
            searchable
            clearable
            nothingFoundMessage={t('noMatch')}
          />
          <Select
            label={t('period')}
            data={PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
            value={draft.period}
            onChange={(period) => period && choosePeriod(period as Period)}
            allowDeselect={false}
          />
          {draft.period === 'custom' && (
            <>
              <TextInput
                type="datetime-local"
                label={t('from')}
                value={draft.from}
                onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
              />
              <TextInput
                type="datetime-local"
                label={t('to')}
                value={draft.to}
                min={draft.from}
                onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
              />
            </>
          )}
        </SimpleGrid>
        {extra}
        <Group justify="space-between" gap="xs">
          <Button type="submit" leftSection={<IconPlayerPlay size={16} />} disabled={nothingChosen}>
            {t('show')}
          </Button>
          {actions}
        </Group>
      </Stack>
    </Paper>
  );
}
