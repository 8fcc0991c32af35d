import { NumberInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldKind, FieldName } from '../device-form-values';

interface Props {
  name: FieldName;
  kind: FieldKind;
  value: string | number | boolean | undefined;
  error?: string;
  onChange: (value: string | number) => void;
}

const REQUIRED = new Set(['name', 'uniqueId']);

/** One device detail input: text, number, date or date and time. */
export function DeviceField({ name, kind, value, error, onChange }: Props) {
  const { t } = useTranslation('devices');
  const label = t(`editor.fields.${name}`);
  if (kind === 'number') {
    return (
      <NumberInput
        label={label}
        value={typeof value === 'number' ? value : ''}
        onChange={(next) => onChange(typeof next === 'number' ? next : '')}
        error={error}
        decimalScale={3}
      />
    );
  }
  return (
    <TextInput
      label={label}
      type={kind === 'date' ? 'date' : kind === 'datetime' ? 'datetime-local' : 'text'}
      required={REQUIRED.has(name)}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      data-autofocus={name === 'name' ? true : undefined}
    />
  );
}
