import { Button } from '@mantine/core';
import { IconLock, IconLockOpen, IconSettings, IconUserShare } from '@tabler/icons-react';
import type { User } from '@waymark/contracts/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { useCurrentUser } from '../../../auth/session-context';
import { useHasPermission } from '../../../permissions/use-has-permission';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { setUserDisabled } from '../accounts.api';
import { accountsKeys } from '../accounts.queries';
import { canConnectAs, useConnectAs } from './connect-as';
import { LimitsModal } from './limits-modal';

/** The account actions of the details page: limits, disable or enable, connect as the user. */
export function UserDetailActions({ user }: { user: User }) {
  const { t } = useTranslation('adminAccounts');
  const me = useCurrentUser();
  const canManage = useHasPermission(['VIEW_USERS', 'ADMIN_ACCOUNT']);
  const [limits, setLimits] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const connect = useConnectAs();
  const toggle = useAdminMutation({
    mutationFn: setUserDisabled,
    invalidates: [accountsKeys.users],
    success: (_, v) => (v.disabled ? t('users.disabledDone') : t('users.enabledDone')),
    failure: t('users.toggleFailed'),
  });
  if (!canManage) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setLimits(true)}>
        {t('users.limits')}
      </Button>
      {user.id !== me.id ? (
        <Button
          variant="light"
          color={user.disabled ? 'success' : 'error'}
          leftSection={user.disabled ? <IconLockOpen size={16} /> : <IconLock size={16} />}
          loading={toggle.isPending}
          onClick={() => toggle.mutate({ id: user.id, disabled: !user.disabled })}
        >
          {user.disabled ? t('users.enable') : t('users.disable')}
        </Button>
      ) : null}
      {canConnectAs(me, user) ? (
        <Button leftSection={<IconUserShare size={16} />} onClick={() => setConfirming(true)}>
          {t('impersonation.connect')}
        </Button>
      ) : null}
      <LimitsModal user={limits ? user : null} onClose={() => setLimits(false)} />
      <ConfirmModal
        opened={confirming}
        title={t('impersonation.confirmTitle')}
        message={t('impersonation.confirmMessage', { name: user.name })}
        confirmLabel={t('impersonation.connect')}
        cancelLabel={t('cancel')}
        loading={connect.isPending}
        onConfirm={() => connect.mutate(user.id)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
