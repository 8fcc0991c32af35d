import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDevice } from '../../../test/alerts-fixtures';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { renderAt } from '../../../test/render';
import { NotificationsManager } from './notifications-manager';

const rule = {
  id: 5,
  type: 'geofenceEnter',
  description: 'Depot arrivals',
  always: true,
  notificators: 'web,mail',
  commandId: 0,
  calendarId: 0,
  tenantId: 1,
  attributes: {},
};
const noContent = () => new Response(null, { status: 204 });
const choices = {
  'GET /api/notifications/types': () => json(200, [{ type: 'geofenceEnter' }, { type: 'alarm' }]),
  'GET /api/notifications/notificators': () => json(200, [{ type: 'web' }, { type: 'mail' }, { type: 'command' }]),
  'GET /api/devices': () => json(200, [aDevice({ id: 3, name: 'Van' })]),
  'GET /api/groups': () => json(200, []),
  'GET /api/calendars': () => json(200, []),
  'GET /api/commands': () => json(403, { message: 'Forbidden' }),
};

describe('NotificationsManager', () => {
  it('lists the rules with their channels', async () => {
    stubFetch({ 'GET /api/notifications': () => json(200, [rule]) });
    renderAt('/notifications', <NotificationsManager />);
    const row = await screen.findByTestId('notification-row');
    expect(row.textContent).toContain('Geofence entered');
    expect(row.textContent).toContain('Depot arrivals');
    expect(within(row).getByText('Email')).toBeTruthy();
    expect(row.textContent).toContain('All devices');
  });

  it('shows the empty state', async () => {
    stubFetch({ 'GET /api/notifications': () => json(200, []) });
    renderAt('/notifications', <NotificationsManager />);
    expect(await screen.findByText(/No notifications yet/)).toBeTruthy();
  });

  it('deletes a rule after the delete notification confirmation', async () => {
    const fetchMock = stubFetch({
      'GET /api/notifications': () => json(200, [rule]),
      'DELETE /api/notifications/5': noContent,
    });
    renderAt('/notifications', <NotificationsManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Geofence entered' }));
    expect(screen.getByText('Delete notification?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Notification deleted')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'DELETE /api/notifications/5')).toHaveLength(1);
  });

  it('sends a test notification and shows a failure', async () => {
    stubFetch({
      'GET /api/notifications': () => json(200, []),
      'POST /api/notifications/test': [noContent, () => json(502, { message: 'Failed channels: mail' })],
    });
    renderAt('/notifications', <NotificationsManager />);
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test notification sent')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Failed channels: mail')).toBeTruthy();
  });

  it('creates a rule for chosen devices and links them', async () => {
    const fetchMock = stubFetch({
      ...choices,
      'GET /api/notifications': () => json(200, []),
      'POST /api/notifications': () => json(200, { ...rule, id: 8, always: false }),
      'POST /api/permissions': noContent,
    });
    renderAt('/notifications', <NotificationsManager />);
    fireEvent.click(screen.getByRole('button', { name: 'New notification' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose an event type')).toBeTruthy();

    fireEvent.click(within(dialog).getByLabelText(/^Event type/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Geofence entered' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'All devices' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose devices or groups, or apply it to all devices')).toBeTruthy();

    fireEvent.click(within(dialog).getByLabelText(/^Devices/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Van' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/notifications')).toEqual([
      {
        type: 'geofenceEnter',
        description: null,
        always: false,
        notificators: 'web',
        commandId: null,
        calendarId: null,
        attributes: {},
      },
    ]);
    expect(bodiesOf(fetchMock, 'POST /api/permissions')).toEqual([{ deviceId: 3, notificationId: 8 }]);
  });
});
