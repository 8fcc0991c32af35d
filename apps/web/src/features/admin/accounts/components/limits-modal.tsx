import { useForm } from '@mantine/form';
import type { User } from '@waymark/contracts/user';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { UserLimitFields } from '../../../../components/user-limit-fields';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { updateUser } from '../accounts.api';
import { accountsKeys } from '../accounts.queries';

interface Values {
  deviceLimit: number | string;
  userLimit: number | string;
  expirationTime: string | null;
}

/** A user's device limit, user limit (-1: unlimited) and expiration, saved through PUT /api/v2/user/{id}. */
export function LimitsModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  return user ? <LimitsForm key={user.id} user={user} onClose={onClose} /> : null;
}

function LimitsForm({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation('adminAccounts');
  const form = useForm<Values>({
    initialValues: {
      deviceLimit: user.deviceLimit,
      userLimit: user.userLimit,
      expirationTime: user.expirationTime ? dayjs(user.expirationTime).format('YYYY-MM-DD HH:mm:ss') : null,
    },
    validate: {
      deviceLimit: (v) => (Number.isInteger(Number(v)) && Number(v) >= -1 ? null : t('users.limitInvalid')),
      userLimit: (v) => (Number.isInteger(Number(v)) && Number(v) >= -1 ? null : t('users.limitInvalid')),
    },
  });
  const save = useAdminMutation({
    mutationFn: updateUser,
    invalidates: [accountsKeys.users],
    success: t('users.updated'),
    failure: t('users.updateFailed'),
    onSuccess: onClose,
  });
  return (
    <AdminFormModal
      opened
      title={t('users.limits')}
      onClose={onClose}
      submitting={save.isPending}
      size="md"
      onSubmit={form.onSubmit((v) =>
        save.mutate({
          id: user.id,
          input: {
            deviceLimit: Number(v.deviceLimit),
            userLimit: Number(v.userLimit),
            expirationTime: v.expirationTime ? dayjs(v.expirationTime).toISOString() : null,
          },
        }),
      )}
    >
      <UserLimitFields
        inputProps={form.getInputProps}
        labels={{
          deviceLimit: t('users.deviceLimit'),
          userLimit: t('users.userLimit'),
          unlimitedHint: t('users.unlimitedHint'),
        }}
        expiration={{ label: t('users.expiration'), placeholder: t('users.never') }}
      />
    </AdminFormModal>
  );
}
