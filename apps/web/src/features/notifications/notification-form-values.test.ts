import { describe, expect, it } from 'vitest';
import {
  emptyNotificationValues,
  toNotificationBody,
  validateNotification,
  valuesOfRule,
} from './notification-form-values';

describe('notification form values', () => {
  it('asks for a type, channels, and devices or groups when not always', () => {
    expect(validateNotification({ ...emptyNotificationValues, notificators: [], always: false })).toEqual({
      type: 'typeRequired',
      notificators: 'channelsRequired',
      deviceIds: 'targetsRequired',
    });
  });

  it('needs a saved command for the command channel and a valid webhook address', () => {
    const values = {
      ...emptyNotificationValues,
      type: 'geofenceEnter',
      notificators: ['command', 'webhook'],
      webhookUrl: 'ftp://x',
    };
    expect(validateNotification(values)).toEqual({ commandId: 'commandRequired', webhookUrl: 'webhookInvalid' });
    expect(validateNotification({ ...values, commandId: '4', webhookUrl: 'https://hooks.test/x' })).toEqual({});
  });

  it('builds Traccar’s body and keeps alarms only for alarm rules', () => {
    const values = {
      ...emptyNotificationValues,
      type: 'alarm',
      notificators: ['web', 'mail'],
      alarms: ['sos', 'tow'],
      calendarId: '2',
    };
    expect(
      toNotificationBody(values, {
        id: 1,
        type: 'alarm',
        description: null,
        always: true,
        notificators: 'web',
        commandId: 0,
        calendarId: 0,
        tenantId: 1,
        attributes: { priority: 1 },
      }),
    ).toEqual({
      type: 'alarm',
      description: null,
      always: true,
      notificators: 'web,mail',
      commandId: null,
      calendarId: 2,
      attributes: { priority: 1, alarms: 'sos,tow' },
    });
    expect(toNotificationBody({ ...values, type: 'geofenceEnter' }).attributes).toEqual({});
  });

  it('reads a rule back', () => {
    const rule = {
      id: 3,
      type: 'alarm',
      description: 'SOS',
      always: false,
      notificators: 'web, sms',
      commandId: 0,
      calendarId: 5,
      tenantId: 1,
      attributes: { alarms: 'sos' },
    };
    expect(valuesOfRule(rule, [7], [])).toMatchObject({
      notificators: ['web', 'sms'],
      deviceIds: ['7'],
      alarms: ['sos'],
      calendarId: '5',
      always: false,
    });
  });
});
