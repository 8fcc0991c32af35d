import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { useFieldChecks } from './field-checks';

export interface NameFormModalProps {
  title: string;
  label: string;
  initial: string;
  submitting?: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** A dialog asking for one name (a group's). */
export function NameFormModal(props: NameFormModalProps) {
  const check = useFieldChecks();
  const form = useForm({ initialValues: { name: props.initial }, validate: { name: check.name } });
  return (
    <AdminFormModal
      opened
      size="md"
      title={props.title}
      onClose={props.onClose}
      submitting={props.submitting}
      onSubmit={form.onSubmit((values) => props.onSubmit(values.name.trim()))}
    >
      <TextInput label={props.label} withAsterisk data-autofocus {...form.getInputProps('name')} />
    </AdminFormModal>
  );
}
