import { Alert, Button, Group, SegmentedControl, Select, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { PetProfile, PetView } from '@waymark/contracts/pet';
import { PET_VIEWS } from '@waymark/contracts/pet';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { browserTimeZone, parseDay, parseView } from '../pet-format';
import { PetIcon } from '../pet-icon';
import type { PetPeriodParams } from '../pets.api';
import { usePetProfileQuery, usePetsQuery } from '../pets.queries';
import { PetProfileModal } from './pet-profile-modal';

/** The five pet report pages, by the path under /report/pets/ that shows them. */
export const PET_PAGES = {
  activity: 'activity-only',
  wellness: 'wellness',
  sleep: 'sleep',
  places: 'location-history',
  comprehensive: 'comprehensive',
} as const;
export type PetPage = keyof typeof PET_PAGES;

export interface PetReportContext {
  deviceId: number;
  period: PetPeriodParams;
  profile: PetProfile;
}

/**
 * What every pet report page shares: the tabs between the five reports, the pet, the view (day, week, month)
 * and its last day, kept in the address (?deviceId=&view=&date=) so that a link or a reload shows the same
 * report, and the profile editor. The report itself is `children`, given the chosen pet and period.
 */
export function PetReportLayout({ page, children }: { page: PetPage; children: (c: PetReportContext) => ReactNode }) {
  const { t } = useTranslation('pets');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [editing, { open, close }] = useDisclosure(false);
  const pets = usePetsQuery();
  const asked = Number(params.get('deviceId'));
  const deviceId = pets.data?.some((p) => p.deviceId === asked) ? asked : (pets.data?.[0]?.deviceId ?? null);
  const view = parseView(params.get('view'));
  const date = parseDay(params.get('date'));
  const period = useMemo(() => ({ view, date, timezone: browserTimeZone() }), [view, date]);
  const profile = usePetProfileQuery(deviceId);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    if (deviceId !== null && !next.has('deviceId')) next.set('deviceId', String(deviceId));
    setParams(next, { replace: true });
  };
  const search = deviceId === null ? '' : `?deviceId=${deviceId}&view=${view}&date=${date}`;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>
          <Group gap="xs" component="span">
            <PetIcon size={26} />
            {t(`titles.${page}`)}
          </Group>
        </Title>
        {profile.data && (
          <Button variant="light" onClick={open}>
            {t('profile.edit')}
          </Button>
        )}
      </Group>
      <Tabs value={page} onChange={(next) => next && navigate(`/report/pets/${PET_PAGES[next as PetPage]}${search}`)}>
        <Tabs.List>
          {(Object.keys(PET_PAGES) as PetPage[]).map((p) => (
            <Tabs.Tab key={p} value={p}>
              {t(`tabs.${p}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {pets.isPending ? (
        <LoadingState />
      ) : pets.error ? (
        <ErrorState error={pets.error} onRetry={() => void pets.refetch()} title={t('loadFailed')} />
      ) : deviceId === null ? (
        <EmptyState message={t('noPets')} />
      ) : (
        <>
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('pet')}
              placeholder={t('pickPet')}
              data={(pets.data ?? []).map((p) => ({ value: String(p.deviceId), label: p.name }))}
              value={String(deviceId)}
              onChange={(next) => next && set('deviceId', next)}
              allowDeselect={false}
              w={240}
            />
            <SegmentedControl
              aria-label={t('viewLabel')}
              data={PET_VIEWS.map((v) => ({ value: v, label: t(`view.${v}`) }))}
              value={view}
              onChange={(next) => set('view', next as PetView)}
            />
            <TextInput
              type="date"
              label={t('date')}
              value={date}
              onChange={(e) => e.currentTarget.value && set('date', e.currentTarget.value)}
              w={170}
            />
          </Group>
          {profile.data && !profile.data.configured && (
            <Alert color="blue" variant="light">
              {t('profile.notConfigured')}
            </Alert>
          )}
          {profile.data ? children({ deviceId, period, profile: profile.data }) : <LoadingState />}
          {profile.data && <PetProfileModal opened={editing} onClose={close} profile={profile.data} />}
        </>
      )}
    </Stack>
  );
}
