import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChevronDownIcon, LogoutIcon, ShieldIcon } from '../../../components/icons';
import { initialsOf } from '../../../lib/initials';
import { useCurrentUser } from '../session-context';
import { useSignOut } from '../use-sign-out';

/** The signed-in user's name and email, with links to account pages and Sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`${t('header.userMenu')}: ${user.name}`} data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar color="primary" radius="xl" size={34}>
              {initialsOf(user.name || user.email)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate visibleFrom="sm" maw={180}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" truncate visibleFrom="sm" maw={180}>
                {user.email}
              </Text>
            </div>
            <ChevronDownIcon size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/admin/totp/setup" leftSection={<ShieldIcon size={16} />}>
          {t('header.security')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="error"
          leftSection={<LogoutIcon size={16} />}
          disabled={isPending}
          onClick={() => void signOut()}
        >
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
