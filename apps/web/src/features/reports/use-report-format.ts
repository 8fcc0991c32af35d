import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLatLon } from '../../lib/format/coordinates';
import { formatDuration, formatTime } from '../../lib/format/time';
import { formatDistance, formatSpeed, formatVolume } from '../../lib/format/units';
import { useDisplayPreferences } from '../devices/use-display-preferences';

/** The report pages' formats: times in the user's language and zone, units and coordinates as they prefer. */
export function useReportFormat() {
  const { i18n } = useTranslation();
  const prefs = useDisplayPreferences();
  const language = i18n.language;
  return useMemo(
    () => ({
      units: prefs.units,
      time: (iso: string | null) => (iso ? formatTime(iso, language) : '—'),
      distance: (metres: number) => formatDistance(metres, prefs.units.distance),
      speed: (knots: number) => formatSpeed(knots, prefs.units.speed),
      volume: (litres: number) => formatVolume(litres, prefs.units.volume),
      duration: formatDuration,
      place: (address: string | null, latitude: number, longitude: number) =>
        address || formatLatLon(latitude, longitude, prefs.coordinates),
    }),
    [prefs, language],
  );
}

export type ReportFormatters = ReturnType<typeof useReportFormat>;

/** Adds up one field over the rows. */
export const sumOf = <R>(rows: readonly R[], value: (row: R) => number) =>
  rows.reduce((sum, row) => sum + value(row), 0);
