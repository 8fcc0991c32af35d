import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { PetPlace, PetPlacesReport } from '@waymark/contracts/pet';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format/time';
import { useMapPreferences } from '../../map/use-map-preferences';
import { Minutes } from './pet-stat';
import { PlacesMap } from './places-map';

const placeName = (i: number) => String.fromCharCode(65 + (i % 26));

/** The visited places with their time and visits, longest first. */
export function PlacesTable({ places }: { places: readonly PetPlace[] }) {
  const { t, i18n } = useTranslation('pets');
  if (places.length === 0) return <Text c="dimmed">{t('places.none')}</Text>;
  return (
    <Table striped aria-label={t('places.places')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('places.place')}</Table.Th>
          <Table.Th>{t('places.dwell')}</Table.Th>
          <Table.Th>{t('places.visits')}</Table.Th>
          <Table.Th>{t('places.lastSeen')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {places.map((p, i) => (
          <Table.Tr key={`${p.latitude},${p.longitude}`}>
            <Table.Td>
              {placeName(i)} · {p.latitude.toFixed(5)}, {p.longitude.toFixed(5)}
            </Table.Td>
            <Table.Td>
              <Minutes value={p.dwellMinutes} />
            </Table.Td>
            <Table.Td>{p.visits}</Table.Td>
            <Table.Td>{formatTime(p.lastDeparture, i18n.language)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Location history: the heat map with the places on it, and the places' table. */
export function PlacesView({ report }: { report: PetPlacesReport }) {
  const { t } = useTranslation('pets');
  const prefs = useMapPreferences();
  if (report.positions === 0) return <Text c="dimmed">{t('noData')}</Text>;
  return (
    <Stack gap="md" data-testid="pet-places">
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="xs">
          {t('places.map')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('places.positions', { count: report.positions })}
        </Text>
        <PlacesMap
          heat={report.heat}
          places={report.places}
          label={t('places.map')}
          customTileUrl={prefs.customTileUrl}
          placeLabel={(p, i) =>
            `${placeName(i)}: ${t('duration.m', { m: p.dwellMinutes })}, ${t('places.visits')} ${p.visits}`
          }
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          {t('places.places')}
        </Title>
        <PlacesTable places={report.places.slice(0, 15)} />
      </Paper>
    </Stack>
  );
}
