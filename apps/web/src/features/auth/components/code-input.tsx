import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The 6-digit one-time code field, labelled exactly 'Code' (no asterisk, so tests can match the label). */
export function CodeInput(props: Omit<TextInputProps, 'label'>) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('common.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="123456"
      required
      withAsterisk={false}
      {...props}
    />
  );
}
