import { Box, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmModal, type ConfirmModalProps } from './confirm-modal';

interface MapListWorkspaceProps {
  title: string;
  /** what sits at the right of the title (e.g. an Import button) */
  actions?: ReactNode;
  /** the map's `data-testid` */
  mapTestId: string;
  map: ReactNode;
  /** the saved items' list, under the map */
  list: ReactNode;
  /** the form of the selected item, beside the list; none when nothing is selected */
  form: ReactNode | null;
  /** the delete confirmation */
  confirm: ConfirmModalProps;
}

/**
 * The workspace of map-placed items (/route, /poi): the map on top, the saved list and the selected item's form
 * side by side below it, and the delete confirmation.
 */
export function MapListWorkspace({ title, actions, mapTestId, map, list, form, confirm }: MapListWorkspaceProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{title}</Title>
        {actions}
      </Group>
      <Box h={{ base: 360, sm: 480 }} style={{ borderRadius: 8, overflow: 'hidden' }} data-testid={mapTestId}>
        {map}
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {list}
        {form !== null && (
          <Card withBorder padding="md">
            {form}
          </Card>
        )}
      </SimpleGrid>
      <ConfirmModal {...confirm} />
    </Stack>
  );
}
