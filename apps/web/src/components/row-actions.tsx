import { ActionIcon, Group, type MantineSpacing } from '@mantine/core';
import { type Icon, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface RowActionsProps {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  deleteDisabled?: boolean;
  /** Controls shown before the edit button. */
  children?: ReactNode;
  gap?: MantineSpacing | number;
  iconSize?: number;
  editIcon?: Icon;
  deleteColor?: string;
}

/** A row's edit and delete buttons (after any extra controls), labelled with the row's name. */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  deleteDisabled,
  children,
  gap = 4,
  iconSize = 18,
  editIcon: EditIcon = IconPencil,
  deleteColor = 'error',
}: RowActionsProps) {
  return (
    <Group gap={gap} wrap="nowrap">
      {children}
      <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
        <EditIcon size={iconSize} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color={deleteColor}
        disabled={deleteDisabled}
        aria-label={deleteLabel}
        onClick={onDelete}
      >
        <IconTrash size={iconSize} />
      </ActionIcon>
    </Group>
  );
}
