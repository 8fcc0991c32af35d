import { Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CodeKind } from '@waymark/contracts/session';
import { useTranslation } from 'react-i18next';
import { validators } from '../validation';
import { CodeInput } from './code-input';

interface CodeStepProps {
  codeKind: CodeKind;
  pending: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/** Second sign-in step: the one-time code from an authenticator app (totp) or sent by email. */
export function CodeStep({ codeKind, pending, onSubmit, onBack }: CodeStepProps) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: { code: validators(t).code },
  });
  return (
    <form noValidate onSubmit={form.onSubmit(({ code }) => onSubmit(code.trim()))}>
      <Stack gap="md">
        <div>
          <Title order={3} fz="h4">
            {t('login.codeTitle')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {codeKind === 'email' ? t('login.codeHintEmail') : t('login.codeHintTotp')}
          </Text>
        </div>
        <CodeInput autoFocus key={form.key('code')} {...form.getInputProps('code')} />
        <Button type="submit" fullWidth loading={pending}>
          {t('login.verify')}
        </Button>
        <Button variant="subtle" fullWidth onClick={onBack} disabled={pending}>
          {t('common.back')}
        </Button>
      </Stack>
    </form>
  );
}
