import { ActionIcon, Alert, Badge, Button, Group, Loader, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { GeofenceDto } from '@waymark/contracts/geofence';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { geometryOf } from '../geofence-geometry';
import { geofenceColours } from '../geofence-style';

export interface GeofenceListProps {
  geofences: readonly GeofenceDto[] | undefined;
  pending: boolean;
  error: unknown;
  selectedId: number | 'new' | null;
  onSelect: (id: number) => void;
  onCreate: () => void;
  onDelete: (geofence: GeofenceDto) => void;
  onRetry: () => void;
}

/** The saved geofences, beside the map: select one to edit it, or start a new one. */
export function GeofenceList(props: GeofenceListProps) {
  const { geofences, pending, error, selectedId, onSelect, onCreate, onDelete, onRetry } = props;
  const { t } = useTranslation('geofences');
  const describeError = useErrorText();
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>{t('listTitle')}</Text>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onCreate} variant="light">
          {t('new')}
        </Button>
      </Group>
      {pending ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : error ? (
        <Alert color="red" variant="light" title={t('loadFailed')}>
          <Text size="sm">{describeError(error)}</Text>
          <Button size="xs" mt="xs" variant="default" onClick={onRetry}>
            {t('retry')}
          </Button>
        </Alert>
      ) : !geofences?.length ? (
        <Text size="sm" c="dimmed">
          {t('empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320}>
          <Stack gap={2} role="list" aria-label={t('listTitle')}>
            {geofences.map((geofence) => {
              const kind = geometryOf(geofence.area)?.kind;
              return (
                <Group key={geofence.id} gap={4} wrap="nowrap" role="listitem">
                  <NavLink
                    active={selectedId === geofence.id}
                    label={geofence.name}
                    description={geofence.description ?? undefined}
                    onClick={() => onSelect(geofence.id)}
                    leftSection={
                      <span
                        aria-hidden
                        style={{
                          width: 12,
                          height: 12,
                          borderRadius: 3,
                          background: geofenceColours(geofence.attributes).color,
                        }}
                      />
                    }
                    rightSection={
                      kind ? (
                        <Badge size="xs" variant="light">
                          {t(`shape.${kind}`)}
                        </Badge>
                      ) : null
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('deleteNamed', { name: geofence.name })}
                    onClick={() => onDelete(geofence)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
