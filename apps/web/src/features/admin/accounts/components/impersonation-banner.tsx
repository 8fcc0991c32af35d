import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clearAccessToken } from '../../../../api/token-storage';
import { notifyError } from '../../../../lib/notify';
import { useCurrentUser } from '../../../auth/session-context';
import { endImpersonation } from '../accounts.api';
import { reloadAt } from './reload';

/**
 * Shown on every signed-in page while an administrator is connected as another user: who is connected as whom,
 * and the way back to the administrator's own account.
 */
export function ImpersonationBanner() {
  const { t } = useTranslation('adminAccounts');
  const user = useCurrentUser();
  const back = useMutation({
    mutationFn: endImpersonation,
    onSuccess: () => reloadAt('/admin/users'),
    onError: (error) => {
      notifyError(error, t('impersonation.returnFailed'));
      // the impersonated session is over either way: sign in again
      clearAccessToken();
      reloadAt('/login');
    },
  });
  if (!user.impersonatedBy) return null;
  return (
    <Alert color="warning" variant="filled" radius={0} p="xs" icon={<IconUserShare size={18} />} role="status">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('impersonation.banner', { user: user.name, admin: user.impersonatedBy.name })}
        </Text>
        <Button size="compact-sm" variant="white" color="dark" loading={back.isPending} onClick={() => back.mutate()}>
          {t('impersonation.return')}
        </Button>
      </Group>
    </Alert>
  );
}
