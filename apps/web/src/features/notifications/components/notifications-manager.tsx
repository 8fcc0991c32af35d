import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import type { Notification } from '@waymark/contracts/notification';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventTypeLabel } from '../../alerts/event-label';
import { ConfirmDialog } from '../../geofences/components/confirm-dialog';
import { useErrorText } from '../../geofences/use-error-text';
import {
  useDeleteNotificationMutation,
  useNotificationsQuery,
  useTestNotificationMutation,
} from '../notifications.queries';
import { NotificationEditor } from './notification-editor';

const channelsOf = (rule: Notification) =>
  rule.notificators
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** /notifications: the notification rules, with create, edit, delete and a test notification. */
export function NotificationsManager() {
  const { t } = useTranslation('notifications');
  const { t: ta } = useTranslation('alerts');
  const describeError = useErrorText();
  const rules = useNotificationsQuery();
  const remove = useDeleteNotificationMutation();
  const test = useTestNotificationMutation();
  const [editing, setEditing] = useState<Notification | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Notification | null>(null);

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: t('testSent') }),
      onError: (error) => notifications.show({ color: 'red', title: t('testFailed'), message: describeError(error) }),
    });
  const confirmDelete = () =>
    toDelete &&
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('deleted') });
        setToDelete(null);
      },
      onError: (error) => notifications.show({ color: 'red', title: t('deleteFailed'), message: describeError(error) }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('title')}</Title>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconSend size={16} />} onClick={sendTest} loading={test.isPending}>
            {t('sendTest')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('new')}
          </Button>
        </Group>
      </Group>
      <Card withBorder padding="md">
        {rules.isPending ? (
          <Loader size="sm" aria-label={t('loading')} />
        ) : rules.isError ? (
          <Alert color="red" variant="light" title={t('loadFailed')}>
            <Text size="sm">{describeError(rules.error)}</Text>
            <Button size="xs" mt="xs" variant="default" onClick={() => void rules.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : rules.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('empty')}
          </Text>
        ) : (
          <ScrollArea type="auto">
            <Table striped highlightOnHover miw={520} aria-label={t('title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('type')}</Table.Th>
                  <Table.Th>{t('description')}</Table.Th>
                  <Table.Th>{t('channels')}</Table.Th>
                  <Table.Th>{t('appliesTo')}</Table.Th>
                  <Table.Th>{t('actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rules.data.map((rule) => {
                  const name = eventTypeLabel(ta, rule.type);
                  return (
                    <Table.Tr key={rule.id} data-testid="notification-row">
                      <Table.Td>{name}</Table.Td>
                      <Table.Td>{rule.description}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {channelsOf(rule).map((channel) => (
                            <Badge key={channel} size="sm" variant="light">
                              {t(`channel.${channel}`, { defaultValue: channel })}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>{rule.always ? t('allDevices') : t('chosenDevices')}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('editNamed', { name })}
                            onClick={() => setEditing(rule)}
                          >
                            <IconEdit size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('deleteNamed', { name })}
                            onClick={() => setToDelete(rule)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Card>
      {editing !== null && (
        <NotificationEditor rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: toDelete ? eventTypeLabel(ta, toDelete.type) : '' })}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
