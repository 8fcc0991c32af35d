import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Permission } from '@waymark/contracts/permissions';
import { beforeEach, describe, expect, it } from 'vitest';
import { aDevice } from '../../../test/devices-fixtures';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { aUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { DevicesPanel } from './devices-panel';

const devices = [
  aDevice({ id: 1, name: 'Van 1', uniqueId: '111', status: 'online' }),
  aDevice({ id: 2, name: 'Truck 2', uniqueId: '222', status: 'offline' }),
  aDevice({ id: 3, name: 'Bike 3', uniqueId: '333', status: 'unknown', lastUpdate: null }),
];

function renderPanel(path = '/devices', permissions: Permission[] = ['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS']) {
  return renderRoutes(path, [
    {
      path: '/devices',
      element: (
        <SessionProvider user={aUser({ permissions })}>
          <DevicesPanel />
        </SessionProvider>
      ),
    },
  ]);
}

beforeEach(() => notifications.clean());

describe('DevicesPanel', () => {
  it('counts devices by status, filters by tile and search', async () => {
    stubFetch({ 'GET /api/devices': () => json(200, devices) });
    renderPanel();
    await screen.findByText('Van 1');
    expect(screen.getByTestId('device-tile-all').textContent).toBe('3');
    expect(screen.getByTestId('device-tile-online').textContent).toBe('1');
    expect(screen.getByTestId('device-tile-offline').textContent).toBe('1');
    expect(screen.getByTestId('device-tile-unknown').textContent).toBe('1');
    expect(screen.getByText('Never')).toBeTruthy();

    fireEvent.click(screen.getByTestId('device-tile-offline'));
    expect(screen.queryByText('Van 1')).toBeNull();
    expect(screen.getByText('Truck 2')).toBeTruthy();

    fireEvent.click(screen.getByTestId('device-tile-all'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: '333' } });
    expect(screen.getByText('Bike 3')).toBeTruthy();
    expect(screen.queryByText('Truck 2')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'nothing' } });
    expect(screen.getByText('No device matches the search or filter')).toBeTruthy();
  });

  it('opens the editor from ?edit=, saves and confirms', async () => {
    const fetchMock = stubFetch({
      'GET /api/devices': () => json(200, devices),
      'PUT /api/devices/1': ({ body }) => json(200, { ...devices[0], ...(body as object) }),
    });
    renderPanel('/devices?edit=1');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect((name as HTMLInputElement).value).toBe('Van 1');
    fireEvent.click(screen.getByRole('tab', { name: 'Vehicle' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Plate number' }), { target: { value: 'ΙΚΥ-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device Updated Successfully')).toBeTruthy();
    const [body] = bodiesOf(fetchMock, 'PUT /api/devices/1') as Record<string, unknown>[];
    expect(body).toMatchObject({ id: 1, name: 'Van 1', uniqueId: '111', plateNumber: 'ΙΚΥ-1234', tenantId: 4 });
  });

  it('shows the field errors of the contract schema before calling the API', async () => {
    const fetchMock = stubFetch({ 'GET /api/devices': () => json(200, []) });
    renderPanel();
    expect(await screen.findByText('No devices yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first device' }).getAttribute('href')).toBe('/onboarding');
    fireEvent.click(screen.getByRole('button', { name: 'Add device' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create device' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(bodiesOf(fetchMock, 'POST /api/devices')).toEqual([]);
  });

  it('deletes a device after the "cannot be undone" confirmation', async () => {
    const fetchMock = stubFetch({
      'GET /api/devices': [() => json(200, devices), () => json(200, devices.slice(1))],
      'DELETE /api/devices/1': () => new Response(null, { status: 204 }),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Van 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete Van 1? This cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Device deleted successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'DELETE /api/devices/1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Van 1')).toBeNull());
  });

  it('hides editing without the permission and shows a load error with retry', async () => {
    stubFetch({
      'GET /api/devices': [() => json(500, { message: 'Failed to fetch devices' }), () => json(200, devices)],
    });
    renderPanel('/devices', ['VIEW_DEVICES']);
    expect(await screen.findByText('Failed to fetch devices')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Van 1');
    expect(screen.queryByRole('button', { name: 'Add device' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Van 1' })).toBeNull();
  });
});
