import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../auth/session-context';
import { useDevicesQuery } from '../../devices/devices.queries';
import { CommandForm } from './command-form';

/** The command page: pick a device (`?deviceId=` preselects), then a saved or an ad-hoc command. */
export function CommandPanel() {
  const { t } = useTranslation(['devices', 'savedCommands']);
  usePageTitle(t('command.title'));
  const [params] = useSearchParams();
  const initial = Number(params.get('deviceId'));
  const devices = useDevicesQuery();
  const user = useCurrentUser();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{t('command.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('command.subtitle')}
          </Text>
        </div>
        {/* a limited account sees the saved commands it may send, without changing them */}
        <Anchor component={Link} to="/commands/saved" size="sm">
          {t('savedCommands:manageLink')}
        </Anchor>
      </Group>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        {devices.isPending ? (
          <LoadingState />
        ) : devices.isError ? (
          <ErrorState error={devices.error} onRetry={() => void devices.refetch()} />
        ) : devices.data.length === 0 ? (
          <EmptyState message={t('list.empty')} />
        ) : (
          <CommandForm
            devices={devices.data}
            savedOnly={user.limitCommands}
            initialDeviceId={Number.isInteger(initial) && initial > 0 ? initial : null}
          />
        )}
      </Paper>
    </Stack>
  );
}
