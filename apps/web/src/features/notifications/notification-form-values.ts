import { type Notification, notificationInputSchema } from '@waymark/contracts/notification';
import type { NotificationBody } from './notifications.api';

export interface NotificationFormValues {
  type: string;
  description: string;
  notificators: string[];
  always: boolean;
  deviceIds: string[];
  groupIds: string[];
  alarms: string[];
  calendarId: string | null;
  commandId: string | null;
  webhookUrl: string;
}

export const emptyNotificationValues: NotificationFormValues = {
  type: '',
  description: '',
  notificators: ['web'],
  always: true,
  deviceIds: [],
  groupIds: [],
  alarms: [],
  calendarId: null,
  commandId: null,
  webhookUrl: '',
};

const split = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function valuesOfRule(rule: Notification, deviceIds: number[], groupIds: number[]): NotificationFormValues {
  const alarms = rule.attributes.alarms;
  const webhookUrl = rule.attributes.webhookUrl;
  return {
    type: rule.type,
    description: rule.description ?? '',
    notificators: split(rule.notificators),
    always: rule.always,
    deviceIds: deviceIds.map(String),
    groupIds: groupIds.map(String),
    alarms: typeof alarms === 'string' ? split(alarms) : [],
    calendarId: rule.calendarId ? String(rule.calendarId) : null,
    commandId: rule.commandId ? String(rule.commandId) : null,
    webhookUrl: typeof webhookUrl === 'string' ? webhookUrl : '',
  };
}

/** The request body; attributes of the rule that the form does not show are kept. */
export function toNotificationBody(values: NotificationFormValues, existing?: Notification): NotificationBody {
  const attributes: Record<string, unknown> = { ...(existing?.attributes ?? {}) };
  delete attributes.alarms;
  delete attributes.webhookUrl;
  if (values.type === 'alarm' && values.alarms.length) attributes.alarms = values.alarms.join(',');
  if (values.notificators.includes('webhook') && values.webhookUrl.trim())
    attributes.webhookUrl = values.webhookUrl.trim();
  return {
    type: values.type as NotificationBody['type'],
    description: values.description.trim() || null,
    always: values.always,
    notificators: values.notificators.join(','),
    commandId: values.notificators.includes('command') && values.commandId ? Number(values.commandId) : null,
    calendarId: values.calendarId ? Number(values.calendarId) : null,
    attributes,
  };
}

export type NotificationFormError =
  | 'typeRequired'
  | 'channelsRequired'
  | 'commandRequired'
  | 'targetsRequired'
  | 'webhookInvalid'
  | 'descriptionTooLong';

/** Checks the values with the contract's schema, plus what the form asks for; errors as translation keys. */
export function validateNotification(
  values: NotificationFormValues,
): Partial<Record<keyof NotificationFormValues, NotificationFormError>> {
  const errors: Partial<Record<keyof NotificationFormValues, NotificationFormError>> = {};
  if (!values.type) errors.type = 'typeRequired';
  if (values.notificators.length === 0) errors.notificators = 'channelsRequired';
  if (!values.always && values.deviceIds.length === 0 && values.groupIds.length === 0)
    errors.deviceIds = 'targetsRequired';
  const result = notificationInputSchema.safeParse(toNotificationBody(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [field, sub] = issue.path;
      if (field === 'type') errors.type ??= 'typeRequired';
      if (field === 'commandId') errors.commandId ??= 'commandRequired';
      if (field === 'description') errors.description ??= 'descriptionTooLong';
      if (field === 'attributes' && sub === 'webhookUrl') errors.webhookUrl ??= 'webhookInvalid';
    }
  }
  return errors;
}
