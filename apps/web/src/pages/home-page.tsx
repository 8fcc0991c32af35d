import { Alert, Button, Flex, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { usePageTitle } from '../components/use-page-title';
import { useCurrentUser } from '../features/auth/session-context';
import { useDevicesQuery, useLatestPositionsQuery } from '../features/devices/devices.queries';
import { DeviceListPanel } from '../features/map/components/device-list-panel';
import { DeviceStatusCard } from '../features/map/components/device-status-card';
import { useMapPreferences } from '../features/map/use-map-preferences';
import { useHasPermission } from '../features/permissions/use-has-permission';
import { useLive } from '../live/live-provider';

// Leaflet, the marker layer and the icons load in their own chunk, after the list and the heading.
const LiveMap = lazy(() => import('../features/map/components/live-map').then((m) => ({ default: m.LiveMap })));

/** /home: the live map with the device list and the selected device's status card. */
export function HomePage() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('map');
  const { t: td } = useTranslation('devices');
  const user = useCurrentUser();
  // the first-run path is offered to a user who sees no device and may add one (POST /api/devices' flags)
  const mayAdd = useHasPermission(['ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS']) && !user.readonly && !user.deviceReadonly;
  usePageTitle(t('nav.home'));
  const preferences = useMapPreferences();
  const live = useLive();
  const devices = useDevicesQuery();
  const positions = useLatestPositionsQuery();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [follow, setFollow] = useState(false);
  const select = useCallback((id: number) => setSelectedId(id), []);
  const selected = useMemo(() => devices.data?.find((d) => d.id === selectedId), [devices.data, selectedId]);
  const selectedPosition = useMemo(
    () => (selectedId === null ? undefined : positions.data?.find((p) => p.deviceId === selectedId)),
    [positions.data, selectedId],
  );
  const onRetry = useCallback(() => {
    void devices.refetch();
    void positions.refetch();
  }, [devices.refetch, positions.refetch]);

  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      gap="md"
      h={{ md: 'calc(100dvh - 70px - 2 * var(--mantine-spacing-lg))' }}
    >
      <Flex direction="column" gap="sm" w={{ base: '100%', md: 340 }} style={{ flexShrink: 0, minHeight: 0 }}>
        <Title order={1} fz="h4">
          {t('home.welcome', { name: user.name })}
        </Title>
        {live.status === 'closed' && (
          <Alert color="yellow" title={tm('live.error')} py="xs">
            {tm('live.reconnecting')}
          </Alert>
        )}
        {mayAdd && devices.data?.length === 0 && (
          <Alert color="blue" variant="light" py="xs" data-testid="onboarding-offer">
            <Text size="sm" mb="xs">
              {td('onboarding.offer')}
            </Text>
            <Button component={Link} to="/onboarding" size="xs" leftSection={<IconPlus size={14} />}>
              {td('list.addFirst')}
            </Button>
          </Alert>
        )}
        {selected && (
          <DeviceStatusCard
            device={selected}
            position={selectedPosition}
            preferences={preferences}
            follow={follow}
            onFollowChange={setFollow}
            onClose={() => {
              setSelectedId(null);
              setFollow(false);
            }}
          />
        )}
        <DeviceListPanel
          devices={devices.data}
          isLoading={devices.isLoading}
          error={devices.error ?? positions.error}
          onRetry={onRetry}
          selectedId={selectedId}
          onSelect={select}
        />
      </Flex>
      <Flex
        // on a phone the map sits under the list with a height of its own (a flex basis of 0 would collapse it)
        flex={{ base: 'none', md: 1 }}
        style={{ minHeight: 0 }}
        h={{ base: '60dvh', md: 'auto' }}
        aria-label={tm('mapLabel')}
        component="section"
      >
        <div style={{ flex: 1 }}>
          <Suspense fallback={<PageLoader />}>
            <LiveMap
              devices={devices.data ?? []}
              positions={positions.data ?? []}
              selectedId={selectedId}
              selectedPosition={selectedPosition}
              follow={follow}
              onSelect={select}
              preferences={preferences}
            />
          </Suspense>
        </div>
      </Flex>
    </Flex>
  );
}
