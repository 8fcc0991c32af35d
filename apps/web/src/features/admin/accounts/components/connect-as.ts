import { useMutation } from '@tanstack/react-query';
import type { User } from '@waymark/contracts/user';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../lib/notify';
import { impersonateUser } from '../accounts.api';
import { reloadAt } from './reload';

/**
 * Whether `me` may connect as `user` (the server decides; this hides what it would refuse): platform staff with
 * ADMIN_ACCOUNT, from their own session, never as themselves or another administrator.
 */
export function canConnectAs(me: User, user: User): boolean {
  return (
    me.tenantId === null &&
    me.permissions.includes('ADMIN_ACCOUNT') &&
    !me.impersonatedBy &&
    user.id !== me.id &&
    !user.administrator &&
    !user.permissions.includes('ADMIN_ACCOUNT')
  );
}

/** Connects as a user, then reloads the app in that user's session. */
export function useConnectAs() {
  const { t } = useTranslation('adminAccounts');
  return useMutation({
    mutationFn: impersonateUser,
    onSuccess: () => reloadAt('/home'),
    onError: (error) => notifyError(error, t('impersonation.failed')),
  });
}
