import { fireEvent, screen, within } from '@testing-library/react';
import type { MaintenanceDto } from '@waymark/contracts/maintenance';
import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { aUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { MaintenanceList } from './maintenance-list';
import { RemindersList } from './reminders-list';

const row = (overrides: Partial<MaintenanceDto> = {}): MaintenanceDto => ({
  id: 9,
  name: 'Oil change',
  type: 'totalDistance',
  start: 0,
  period: 10_000_000,
  lastTime: null,
  nextTime: '2026-09-01T00:00:00.000Z',
  tenantId: 1,
  attributes: {},
  ...overrides,
});

const reminder = row({
  id: 12,
  name: 'Insurance',
  type: 'expiry',
  period: 0,
  attributes: { isReminder: true, item: 'Insurance', sendTo: 'a@example.test', expiry: '2020-01-01T09:00:00.000Z' },
});

describe('RemindersList', () => {
  it('lists reminders with their state', async () => {
    stubFetch({ 'GET /api/reminders': () => json(200, [reminder]) });
    renderAt('/reminder', <RemindersList />);
    expect(await screen.findByText('Insurance')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.getByText('a@example.test')).toBeTruthy();
  });

  it('checks the emails and the expiry before calling the server', async () => {
    const fetchMock = stubFetch({
      'GET /api/reminders': () => json(200, []),
      'POST /api/reminders': () => json(200, reminder),
    });
    renderAt('/reminder', <RemindersList />);
    expect(await screen.findByText('No reminders yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Item/, { selector: 'input' }), { target: { value: 'MOT' } });
    fireEvent.change(within(dialog).getByLabelText('Send to'), { target: { value: 'a@example.test, nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter email addresses separated by commas')).toBeTruthy();
    expect(within(dialog).getByText('Choose a date')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/reminders')).toHaveLength(0);
  });

  it('updates a reminder, keeping it a reminder', async () => {
    const fetchMock = stubFetch({
      'GET /api/reminders': () => json(200, [reminder]),
      'PUT /api/reminders/12': () => json(200, reminder),
    });
    renderAt('/reminder', <RemindersList />);
    fireEvent.click(await screen.findByLabelText('Edit Insurance'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Remarks'), { target: { value: 'Call the broker' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reminder updated successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/reminders/12')[0]).toEqual({
      name: 'Insurance',
      attributes: {
        isReminder: true,
        item: 'Insurance',
        remarks: 'Call the broker',
        sendTo: 'a@example.test',
        expiry: '2020-01-01T09:00:00.000Z',
      },
    });
  });

  it('deletes after confirmation', async () => {
    const fetchMock = stubFetch({
      'GET /api/reminders': () => json(200, [reminder]),
      'DELETE /api/reminders/12': () => new Response(null, { status: 204 }),
    });
    renderAt('/reminder', <RemindersList />);
    fireEvent.click(await screen.findByLabelText('Delete Insurance'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove item?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Reminder deleted successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'DELETE /api/reminders/12')).toHaveLength(1);
  });
});

describe('MaintenanceList', () => {
  const renderList = () =>
    renderAt(
      '/maintenance',
      <SessionProvider user={aUser({ attributes: { distanceUnit: 'mi' } })}>
        <MaintenanceList />
      </SessionProvider>,
    );

  it('shows the period in the user unit and the next due time; error state', async () => {
    stubFetch({ 'GET /api/maintenance': [() => json(200, [row()]), () => json(500, {})] });
    const view = renderList();
    expect(await screen.findByText('Oil change')).toBeTruthy();
    expect(screen.getByText('6213.71 mi')).toBeTruthy();
    await view.queryClient.refetchQueries();
    expect(await screen.findByText('Failed to load maintenance')).toBeTruthy();
  });

  it('creates a maintenance with the period converted to metres and refuses zero', async () => {
    const fetchMock = stubFetch({
      'GET /api/maintenance': () => json(200, []),
      'POST /api/maintenance': () => json(200, row()),
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Add maintenance' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/, { selector: 'input' }), { target: { value: 'Tyres' } });
    fireEvent.change(within(dialog).getByLabelText(/^Period \(mi\)/, { selector: 'input' }), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("Can't be zero")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Period \(mi\)/, { selector: 'input' }), {
      target: { value: '100' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Maintenance created successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/maintenance')[0]).toMatchObject({
      name: 'Tyres',
      type: 'totalDistance',
      start: 0,
      period: 160_934,
    });
  });
});
