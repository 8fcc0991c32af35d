import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AdminFormModalProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** Called on submit (Enter or the save button); validate first (e.g. Mantine's form.onSubmit). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The save button spins and the form cannot be sent twice. */
  submitting?: boolean;
  /** The save button's label; "Save" by default. */
  submitLabel?: string;
  size?: string | number;
  children: ReactNode;
}

/** The admin area's create/edit dialog: a form with its fields, Cancel and Save. */
export function AdminFormModal(props: AdminFormModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size={props.size ?? 'lg'} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!props.submitting) props.onSubmit(event);
        }}
      >
        <Stack gap="sm">
          {props.children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={props.submitting}>
              {props.submitLabel ?? t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
