import { Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../auth/session-context';
import { useHasPermission } from '../../permissions/use-has-permission';
import { AccountForm } from './account-form';
import { PreferencesForm } from './preferences-form';
import { ServerSettings } from './server-form';
import { UsersPanel } from './users-panel';

export const SETTINGS_TABS = ['account', 'preferences', 'users', 'server'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Settings on one page, one tab per path: /settings/account, /preferences, /users (VIEW_USERS), /server (ADMIN_ACCOUNT). */
export function SettingsTabs({ tab }: { tab: string | undefined }) {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const canUsers = useHasPermission(['VIEW_USERS', 'ADMIN_ACCOUNT']);
  const canServer = useHasPermission(['ADMIN_ACCOUNT']);
  const allowed = SETTINGS_TABS.filter((name) => (name === 'users' ? canUsers : name === 'server' ? canServer : true));
  if (!allowed.includes(tab as SettingsTab)) return <Navigate to="/settings/preferences" replace />;
  return (
    <>
      <Title order={2} mb="md">
        {t('title')}
      </Title>
      <Tabs value={tab} onChange={(value) => value && navigate(`/settings/${value}`)} keepMounted={false}>
        <Tabs.List mb="lg">
          {allowed.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="account">
          <AccountForm user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="preferences">
          <PreferencesForm user={user} />
        </Tabs.Panel>
        {canUsers ? (
          <Tabs.Panel value="users">
            <UsersPanel />
          </Tabs.Panel>
        ) : null}
        {canServer ? (
          <Tabs.Panel value="server">
            <ServerSettings />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </>
  );
}
