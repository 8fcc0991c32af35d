import { Button, Group } from '@mantine/core';

export interface FormActionsProps {
  cancelLabel: string;
  saveLabel: string;
  onCancel: () => void;
  /** The save is under way: the submit button shows a spinner. */
  saving?: boolean;
}

/** A form modal's footer: Cancel, and Save submitting the form. */
export function FormActions({ cancelLabel, saveLabel, onCancel, saving }: FormActionsProps) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}
