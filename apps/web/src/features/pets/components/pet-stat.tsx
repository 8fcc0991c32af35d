import { Badge, Paper, Text } from '@mantine/core';
import type { PetTrend } from '@waymark/contracts/pet';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { splitMinutes, trendColor, trendText } from '../pet-format';

/** One figure of a report, with an optional line below it. */
export function PetStat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="sm" c="dimmed" component="div">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** This week against the week before, coloured by what is good for the pet (null: a change either way). */
export function TrendBadge({ trend, higherIsBetter }: { trend: PetTrend; higherIsBetter: boolean | null }) {
  const { t, i18n } = useTranslation('pets');
  const text = trendText(trend, i18n.language);
  return (
    <Badge variant="light" color={trendColor(trend, higherIsBetter)}>
      {text ?? t('trend.none')}
    </Badge>
  );
}

/** Minutes as "7 h 5 min" or "45 min". */
export function Minutes({ value }: { value: number }) {
  const { t } = useTranslation('pets');
  const { h, m } = splitMinutes(value);
  return <>{h > 0 ? t('duration.hm', { h, m }) : t('duration.m', { m })}</>;
}

/** A whole number in the reader's language (12 345). */
export function Count({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <>{new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value)}</>;
}
