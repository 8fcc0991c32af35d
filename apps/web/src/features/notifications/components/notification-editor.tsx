import { Alert, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Notification } from '@waymark/contracts/notification';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { useCalendarsQuery } from '../../calendars/calendars.queries';
import { useDevicesQuery } from '../../devices/devices.queries';
import {
  emptyNotificationValues,
  type NotificationFormValues,
  toNotificationBody,
  valuesOfRule,
} from '../notification-form-values';
import {
  useLinkedTo,
  useNotificationTypesQuery,
  useNotificatorsQuery,
  useRuleGroupsQuery,
  useSavedCommandsQuery,
  useSaveNotificationMutation,
} from '../notifications.queries';
import { NotificationForm } from './notification-form';

const difference = (a: readonly number[], b: readonly number[]) => a.filter((x) => !b.includes(x));

/** The create/edit dialog: loads the choices and the rule's current links, saves the rule and its links. */
export function NotificationEditor({ rule, onClose }: { rule: Notification | null; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const describeError = useErrorText();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const types = useNotificationTypesQuery();
  const notificators = useNotificatorsQuery();
  const devices = useDevicesQuery();
  const groups = useRuleGroupsQuery();
  const calendars = useCalendarsQuery();
  const commands = useSavedCommandsQuery();
  const ruleId = rule?.id ?? null;
  const linkedDevices = useLinkedTo('deviceId', devices.data?.map((d) => d.id) ?? [], ruleId);
  const linkedGroups = useLinkedTo('groupId', groups.data?.map((g) => g.id) ?? [], ruleId);
  const save = useSaveNotificationMutation();

  const loading =
    types.isPending ||
    notificators.isPending ||
    devices.isPending ||
    (groups.isPending && !groups.isError) ||
    (rule !== null && (linkedDevices.pending || linkedGroups.pending));
  const failed = types.error ?? notificators.error;
  const initialValues = useMemo(
    () => (rule ? valuesOfRule(rule, linkedDevices.ids, linkedGroups.ids) : emptyNotificationValues),
    [rule, linkedDevices.ids, linkedGroups.ids],
  );

  const submit = (values: NotificationFormValues) => {
    const body = toNotificationBody(values, rule ?? undefined);
    const deviceIds = values.always ? linkedDevices.ids : values.deviceIds.map(Number);
    const groupIds = values.always ? linkedGroups.ids : values.groupIds.map(Number);
    save.mutate(
      {
        id: rule?.id,
        body,
        link: { deviceIds: difference(deviceIds, linkedDevices.ids), groupIds: difference(groupIds, linkedGroups.ids) },
        unlink: {
          deviceIds: difference(linkedDevices.ids, deviceIds),
          groupIds: difference(linkedGroups.ids, groupIds),
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('saved') });
          onClose();
        },
        onError: (error) => notifications.show({ color: 'red', title: t('saveFailed'), message: describeError(error) }),
      },
    );
  };

  const options = <T,>(list: readonly T[] | undefined, value: (x: T) => number, label: (x: T) => string) =>
    (list ?? []).map((x) => ({ value: String(value(x)), label: label(x) }));

  return (
    <Modal opened onClose={onClose} title={rule ? t('editTitle') : t('newTitle')} fullScreen={fullScreen} size="lg">
      {failed ? (
        <Alert color="red" variant="light" title={t('choicesFailed')}>
          {describeError(failed)}
        </Alert>
      ) : loading ? (
        <Loader aria-label={t('loading')} mx="auto" display="block" />
      ) : (
        <NotificationForm
          initialValues={initialValues}
          types={(types.data ?? []).map((x) => x.type)}
          notificators={(notificators.data ?? []).map((x) => x.type)}
          devices={options(
            devices.data,
            (d) => d.id,
            (d) => d.name,
          )}
          groups={options(
            groups.data,
            (g) => g.id,
            (g) => g.name,
          )}
          calendars={options(
            calendars.data,
            (c) => c.id,
            (c) => c.name,
          )}
          commands={options(
            commands.data,
            (c) => c.id,
            (c) => c.description,
          )}
          saving={save.isPending}
          onSubmit={submit}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
