import { Alert, Badge, Button, Card, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconSend } from '@tabler/icons-react';
import type { Notification } from '@waymark/contracts/notification';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListHeader } from '../../../components/list-header';
import { ListState } from '../../../components/list-state';
import { RowActions } from '../../../components/row-actions';
import { useErrorText } from '../../../lib/error-text';
import { eventTypeLabel } from '../../alerts/event-label';
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
      <ListHeader
        wrap="wrap"
        title={t('title')}
        addLabel={t('new')}
        onAdd={() => setEditing('new')}
        actions={
          <Button variant="default" leftSection={<IconSend size={16} />} onClick={sendTest} loading={test.isPending}>
            {t('sendTest')}
          </Button>
        }
      />
      <Card withBorder padding="md">
        <ListState
          size="sm"
          isPending={rules.isPending}
          isError={rules.isError}
          isEmpty={rules.data?.length === 0}
          loadingLabel={t('loading')}
          errorContent={
            <Alert color="red" variant="light" title={t('loadFailed')}>
              <Text size="sm">{describeError(rules.error)}</Text>
              <Button size="xs" mt="xs" variant="default" onClick={() => void rules.refetch()}>
                {t('retry')}
              </Button>
            </Alert>
          }
          emptyText={t('empty')}
        >
          {() => (
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
                  {(rules.data ?? []).map((rule) => {
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
                          <RowActions
                            iconSize={16}
                            editIcon={IconEdit}
                            deleteColor="red"
                            editLabel={t('editNamed', { name })}
                            deleteLabel={t('deleteNamed', { name })}
                            onEdit={() => setEditing(rule)}
                            onDelete={() => setToDelete(rule)}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </ListState>
      </Card>
      {editing !== null && (
        <NotificationEditor rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmModal
        opened={toDelete !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: toDelete ? eventTypeLabel(ta, toDelete.type) : '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
