import { Badge } from '@mantine/core';
import type { User } from '@waymark/contracts/user';
import { useTranslation } from 'react-i18next';

/** Active, disabled (or deactivated) or expired, as the user list's status filter counts them. */
export function UserStatusBadge({ user }: { user: User }) {
  const { t } = useTranslation('adminAccounts');
  if (user.disabled || !user.active) {
    return (
      <Badge color="error" variant="light">
        {t('users.statuses.disabled')}
      </Badge>
    );
  }
  if (user.expirationTime && Date.parse(user.expirationTime) <= Date.now()) {
    return (
      <Badge color="warning" variant="light">
        {t('users.statuses.expired')}
      </Badge>
    );
  }
  return (
    <Badge color="success" variant="light">
      {t('users.statuses.active')}
    </Badge>
  );
}
