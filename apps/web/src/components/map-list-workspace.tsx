import { Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { ConfirmModal } from './confirm-modal';

type WorkspaceKey = 'save' | 'cancel' | 'delete' | 'deleteTitle' | 'deleteMessage' | 'newTitle' | 'editTitle';

export interface MapListTexts {
  save: string;
  cancel: string;
  delete: string;
  deleteTitle: string;
  deleteMessage: (name: string) => string;
  newTitle: string;
  editTitle: string;
}

/** The workspace's texts from a feature namespace that has the keys save, cancel, delete, deleteTitle, … */
export function mapListTexts(t: (key: WorkspaceKey, options?: { name: string }) => string): MapListTexts {
  return {
    save: t('save'),
    cancel: t('cancel'),
    delete: t('delete'),
    deleteTitle: t('deleteTitle'),
    deleteMessage: (name) => t('deleteMessage', { name }),
    newTitle: t('newTitle'),
    editTitle: t('editTitle'),
  };
}

interface MapListWorkspaceProps {
  title: string;
  texts: MapListTexts;
  /** what sits at the right of the title (e.g. an Import button) */
  actions?: ReactNode;
  /** the map's `data-testid` */
  mapTestId: string;
  map: ReactNode;
  /** the saved items' list, under the map */
  list: ReactNode;
  /** the item being edited: `'new'`, an id, or none (no form) */
  selectedId: number | 'new' | null;
  /** the form's fields (under its heading, above Cancel and Save) */
  fields: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  saving: boolean;
  /** the delete confirmation: useDeleteConfirm's modal and the name of the item it is about */
  confirm: { modal: { opened: boolean; loading: boolean; onConfirm: () => void; onClose: () => void }; name: string };
}

/**
 * The workspace of map-placed items (/route, /poi): the map on top, the saved list and the selected item's form
 * side by side below it, and the delete confirmation.
 */
export function MapListWorkspace(props: MapListWorkspaceProps) {
  const { title, texts, actions, mapTestId, map, list, selectedId, fields, onSubmit, onCancel, saving, confirm } =
    props;
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
        {selectedId !== null && (
          <Card withBorder padding="md">
            <form onSubmit={onSubmit}>
              <Stack gap="sm">
                <Text fw={600}>{selectedId === 'new' ? texts.newTitle : texts.editTitle}</Text>
                {fields}
                <Group justify="flex-end">
                  <Button variant="default" onClick={onCancel}>
                    {texts.cancel}
                  </Button>
                  <Button type="submit" loading={saving}>
                    {texts.save}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        )}
      </SimpleGrid>
      <ConfirmModal
        {...confirm.modal}
        title={texts.deleteTitle}
        message={texts.deleteMessage(confirm.name)}
        confirmLabel={texts.delete}
        cancelLabel={texts.cancel}
      />
    </Stack>
  );
}
