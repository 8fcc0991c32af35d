import { NumberInput, Switch, Textarea, TextInput } from '@mantine/core';
import type { CommandParameter } from '@waymark/contracts/saved-command';
import { useTranslation } from 'react-i18next';

export type ParameterValue = string | number | boolean;

const NUMBER_PARAMETERS: readonly CommandParameter[] = ['frequency', 'radius', 'index', 'port'];
const LONG_TEXT_PARAMETERS: readonly CommandParameter[] = ['message', 'data'];

interface Props {
  name: CommandParameter;
  value: ParameterValue | undefined;
  error?: string;
  onChange: (value: ParameterValue | undefined) => void;
}

/** One command parameter with the input its type needs (the command page and the saved commands form). */
export function CommandParameterInput({ name, value, error, onChange }: Props) {
  const { t } = useTranslation('devices');
  const label = t(`command.parameters.${name}`);
  if (name === 'enable') {
    return (
      <Switch
        label={label}
        checked={value === true}
        onChange={(e) => onChange(e.currentTarget.checked)}
        error={error}
      />
    );
  }
  if (NUMBER_PARAMETERS.includes(name)) {
    return (
      <NumberInput
        label={label}
        required
        value={typeof value === 'number' ? value : ''}
        onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
        error={error}
        allowDecimal={name === 'radius'}
        min={0}
      />
    );
  }
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (LONG_TEXT_PARAMETERS.includes(name)) {
    return (
      <Textarea
        label={label}
        required
        rows={3}
        value={text}
        onChange={(e) => onChange(e.currentTarget.value || undefined)}
        error={error}
      />
    );
  }
  return (
    <TextInput
      label={label}
      required
      value={text}
      description={name === 'timezone' ? t('command.parameters.timezoneHint') : undefined}
      onChange={(e) => onChange(e.currentTarget.value || undefined)}
      error={error}
    />
  );
}

interface FieldsProps {
  /** the parameters the command's type needs, in order */
  names: readonly CommandParameter[];
  values: Partial<Record<CommandParameter, ParameterValue>>;
  errorOf: (name: CommandParameter) => string | undefined;
  onChange: (values: Partial<Record<CommandParameter, ParameterValue>>) => void;
}

/** The inputs of a command type's parameters. */
export function CommandParameterFields({ names, values, errorOf, onChange }: FieldsProps) {
  return names.map((name) => (
    <CommandParameterInput
      key={name}
      name={name}
      value={values[name]}
      error={errorOf(name)}
      onChange={(value) => onChange({ ...values, [name]: value })}
    />
  ));
}
