import { NumberInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { GetInputPropsReturnType } from '@mantine/form';

type LimitField = 'deviceLimit' | 'userLimit' | 'expirationTime';

export interface UserLimitFieldsProps {
  /** The form's input props of each field (a Mantine form's `getInputProps`). */
  inputProps: (field: LimitField) => GetInputPropsReturnType;
  /** The texts, translated in the caller's catalogue. */
  labels: { deviceLimit: string; userLimit: string; unlimitedHint: string };
  /** The expiration picker's label and its empty text ('never'); without it the form has no expiration. */
  expiration?: { label: string; placeholder: string };
}

/**
 * A user's limits: how many devices and users it may create (-1: unlimited, 0: none) and, where the form sets
 * it, when the account expires.
 */
export function UserLimitFields({ inputProps, labels, expiration }: UserLimitFieldsProps) {
  return (
    <>
      {(['deviceLimit', 'userLimit'] as const).map((field) => (
        <NumberInput
          key={field}
          label={labels[field]}
          description={labels.unlimitedHint}
          min={-1}
          allowDecimal={false}
          {...inputProps(field)}
        />
      ))}
      {expiration ? (
        <DateTimePicker
          label={expiration.label}
          placeholder={expiration.placeholder}
          clearable
          valueFormat="YYYY-MM-DD HH:mm"
          {...inputProps('expirationTime')}
        />
      ) : null}
    </>
  );
}
