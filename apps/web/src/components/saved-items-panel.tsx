import { ActionIcon, Alert, Button, Card, Group, Loader, NavLink, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useErrorText } from '../lib/error-text';

export interface SavedItemsTexts {
  title: string;
  create: string;
  loading: string;
  loadFailed: string;
  retry: string;
  empty: string;
  deleteNamed: (name: string) => string;
}

type SavedItemsKey = 'listTitle' | 'new' | 'loading' | 'loadFailed' | 'retry' | 'empty' | 'deleteNamed';

/** The panel's texts from a feature namespace that has the keys listTitle, new, loading, … deleteNamed. */
export function savedItemsTexts(t: (key: SavedItemsKey, options?: { name: string }) => string): SavedItemsTexts {
  return {
    title: t('listTitle'),
    create: t('new'),
    loading: t('loading'),
    loadFailed: t('loadFailed'),
    retry: t('retry'),
    empty: t('empty'),
    deleteNamed: (name) => t('deleteNamed', { name }),
  };
}

interface SavedItemsQuery<T> {
  isPending: boolean;
  error: unknown;
  data: readonly T[] | undefined;
  refetch: () => unknown;
}

export interface SavedItemsPanelProps<T extends { id: number; name: string }> {
  texts: SavedItemsTexts;
  query: SavedItemsQuery<T>;
  selectedId: number | 'new' | null;
  onSelect: (id: number) => void;
  onCreate: () => void;
  onDelete: (item: T) => void;
  /** the line under an item's name */
  describe: (item: T) => string;
  /** the mark before an item's name (its colour, its icon) */
  mark: (item: T) => ReactNode;
}

/**
 * The saved items beside a map page's map (planned routes, points of interest): loading, error with retry, empty
 * state, then the list, each item selectable and deletable, and a button to start a new one.
 */
export function SavedItemsPanel<T extends { id: number; name: string }>(props: SavedItemsPanelProps<T>) {
  const { texts, query, selectedId, onSelect, onCreate, onDelete, describe, mark } = props;
  const describeError = useErrorText();
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{texts.title}</Text>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onCreate}>
            {texts.create}
          </Button>
        </Group>
        {query.isPending ? (
          <Loader size="sm" aria-label={texts.loading} />
        ) : query.error || !query.data ? (
          <Alert color="red" variant="light" title={texts.loadFailed}>
            <Text size="sm">{describeError(query.error)}</Text>
            <Button size="xs" mt="xs" variant="default" onClick={() => void query.refetch()}>
              {texts.retry}
            </Button>
          </Alert>
        ) : query.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {texts.empty}
          </Text>
        ) : (
          <Stack gap={2} role="list" aria-label={texts.title}>
            {query.data.map((item) => (
              <Group key={item.id} gap={4} wrap="nowrap" role="listitem">
                <NavLink
                  active={selectedId === item.id}
                  label={item.name}
                  description={describe(item)}
                  onClick={() => onSelect(item.id)}
                  leftSection={mark(item)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={texts.deleteNamed(item.name)}
                  onClick={() => onDelete(item)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
