import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Position } from '@waymark/contracts/device';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DisplayPreferences } from '../../../lib/preferences';
import { positionFields } from '../position-values';

const SHOWN = new Set(['fixTime', 'coordinates', 'speed', 'course', 'altitude', 'address']);

/** The latest position's main values, with a link to its full details when `detailsLink` is set. */
export function PositionSummary({
  position,
  prefs,
  detailsLink = false,
}: {
  position: Position;
  prefs: DisplayPreferences;
  detailsLink?: boolean;
}) {
  const { t, i18n } = useTranslation('devices');
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const fields = positionFields(position, prefs, i18n.language, yesNo).filter(([key]) => SHOWN.has(key));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {fields.map(([key, value]) => (
          <div key={key}>
            <Text size="xs" c="dimmed">
              {t(`position.fields.${key}`)}
            </Text>
            <Text size="sm" data-testid={`position-${key}`}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {detailsLink && (
        <Anchor component={Link} to={`/position/${position.id}`} size="sm">
          {t('track.allDetails')}
        </Anchor>
      )}
    </Stack>
  );
}
