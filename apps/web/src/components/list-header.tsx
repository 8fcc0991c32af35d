import { Button, Group, type GroupProps, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface ListHeaderProps extends Omit<GroupProps, 'title' | 'children'> {
  /** The page title; without one the add button sits alone at the end. */
  title?: ReactNode;
  addLabel: string;
  onAdd: () => void;
  /** Further buttons, shown before the add button. */
  actions?: ReactNode;
}

/** A list's header: its title and the add button. */
export function ListHeader({ title, addLabel, onAdd, actions, ...groupProps }: ListHeaderProps) {
  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
      {addLabel}
    </Button>
  );
  return (
    <Group justify={title === undefined ? 'flex-end' : 'space-between'} {...groupProps}>
      {title === undefined ? null : <Title order={2}>{title}</Title>}
      {actions ? (
        <Group gap="xs">
          {actions}
          {add}
        </Group>
      ) : (
        add
      )}
    </Group>
  );
}
