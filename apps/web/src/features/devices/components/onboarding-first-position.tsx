import { Alert, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format/time';
import { useLatestPositionsQuery } from '../devices.queries';

// Leaflet loads with the first position only: until then the page has nothing to draw.
const DeviceMap = lazy(() => import('./device-map').then((m) => ({ default: m.DeviceMap })));

/**
 * Waits for the new device's first position: the live socket writes positions into the latest-positions cache,
 * so the device shows up here the moment the server stores its first fix.
 */
export function FirstPosition({ deviceId, name }: { deviceId: number; name: string }) {
  const { t, i18n } = useTranslation('devices');
  const positions = useLatestPositionsQuery();
  const position = useMemo(() => positions.data?.find((p) => p.deviceId === deviceId), [positions.data, deviceId]);
  if (!position) {
    return (
      <Alert color="blue" variant="light" data-testid="onboarding-waiting">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" />
          <Text size="sm" role="status">
            {t('onboarding.waiting')}
          </Text>
        </Group>
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="onboarding-connected">
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
        <Text size="sm" role="status">
          {t('onboarding.connected', { time: formatTime(position.fixTime, i18n.language) })}
        </Text>
      </Alert>
      <Suspense fallback={<Skeleton h={260} />}>
        <DeviceMap point={position} label={name} height={260} />
      </Suspense>
    </Stack>
  );
}
