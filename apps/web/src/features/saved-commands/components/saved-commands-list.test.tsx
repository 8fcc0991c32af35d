import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedCommandDto } from '@waymark/contracts/saved-command';
import { beforeEach, describe, expect, it } from 'vitest';
import { aDevice } from '../../../test/devices-fixtures';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { aUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { SavedCommandsList } from './saved-commands-list';

const saved = (overrides: Partial<SavedCommandDto> = {}): SavedCommandDto => ({
  id: 7,
  description: 'Report every minute',
  type: 'positionPeriodic',
  textChannel: false,
  tenantId: 1,
  attributes: { frequency: 60, noQueue: true },
  ...overrides,
});

function renderList(limitCommands = false) {
  return renderAt(
    '/commands/saved',
    <SessionProvider user={aUser({ limitCommands })}>
      <SavedCommandsList />
    </SessionProvider>,
  );
}

async function chooseOption(scope: HTMLElement, label: RegExp, option: string) {
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => notifications.clean());

describe('SavedCommandsList', () => {
  it('lists saved commands with their parameters and channel, and searches them', async () => {
    stubFetch({
      'GET /api/commands': () =>
        json(200, [
          saved(),
          saved({ id: 8, description: 'Reboot', type: 'rebootDevice', attributes: {}, textChannel: true }),
        ]),
    });
    renderList();
    expect(await screen.findByText('Report every minute')).toBeTruthy();
    expect(screen.getByText('Periodic position reports')).toBeTruthy();
    expect(screen.getByText('Frequency (s): 60, noQueue: true')).toBeTruthy();
    expect(screen.getByText('SMS')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by description or type'), { target: { value: 'reboot' } });
    expect(screen.queryByText('Report every minute')).toBeNull();
    expect(screen.getByText('Reboot')).toBeTruthy();
  });

  it('creates a command by SMS with its type’s parameters, checked before sending', async () => {
    const fetchMock = stubFetch({
      'GET /api/commands': () => json(200, []),
      'GET /api/devices': () => json(200, [aDevice({ id: 3, name: 'Van 3' })]),
      'GET /api/commands/types': () => json(200, [{ type: 'custom' }, { type: 'setConnection' }]),
      'POST /api/commands': ({ body }) => json(200, { id: 9, tenantId: 1, ...(body as object) }),
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Add saved command' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText(/^Send via SMS/));
    await chooseOption(dialog, /^Types for a device/, 'Van 3');
    // the types of that device's protocol, over SMS
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/commands/types?deviceId=3&textChannel=true')),
      ).toBe(true),
    );
    await chooseOption(dialog, /^Command type/, 'Set connection');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a description')).toBeTruthy();
    expect(within(dialog).getAllByText('This parameter is required')).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Move to new server' } });
    fireEvent.change(within(dialog).getByLabelText(/^Server/), { target: { value: 'gps.example.net' } });
    fireEvent.change(within(dialog).getByLabelText(/^Port/), { target: { value: '5023' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved command created successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/commands')).toEqual([
      {
        description: 'Move to new server',
        type: 'setConnection',
        textChannel: true,
        attributes: { server: 'gps.example.net', port: 5023 },
      },
    ]);
  });

  it('lists the types of a protocol picked as the device type, or of a device picked instead', async () => {
    const fetchMock = stubFetch({
      'GET /api/commands': () => json(200, []),
      'GET /api/devices': () => json(200, [aDevice({ id: 3, name: 'Van 3' })]),
      'GET /api/commands/types': ({ url }) =>
        json(
          200,
          url.searchParams.get('protocol') === 'gt06'
            ? [{ type: 'engineStop' }, { type: 'engineResume' }]
            : [{ type: 'custom' }, { type: 'positionSingle' }],
        ),
      'POST /api/commands': ({ body }) => json(200, { id: 9, tenantId: 1, ...(body as object) }),
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Add saved command' }));
    const dialog = await screen.findByRole('dialog');
    await chooseOption(dialog, /^Types for a protocol/, 'gt06');
    const typesCalled = (suffix: string) =>
      fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/api/commands/types${suffix}`));
    await waitFor(() => expect(typesCalled('?protocol=gt06')).toBe(true));
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Command type/ }));
    expect(await screen.findByRole('option', { name: 'Engine stop' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Custom' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Engine stop' }));
    // on the SMS channel, the protocol's SMS types
    fireEvent.click(within(dialog).getByLabelText(/^Send via SMS/));
    await waitFor(() => expect(typesCalled('?protocol=gt06&textChannel=true')).toBe(true));
    // a device picked replaces the protocol
    await chooseOption(dialog, /^Types for a device/, 'Van 3');
    await waitFor(() => expect(typesCalled('?deviceId=3&textChannel=true')).toBe(true));
    expect((within(dialog).getByRole('combobox', { name: /^Types for a protocol/ }) as HTMLInputElement).value).toBe(
      '',
    );
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Stop the engine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved command created successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/commands')).toEqual([
      { description: 'Stop the engine', type: 'engineStop', textChannel: true, attributes: {} },
    ]);
  });

  it('edits a command, keeping the attributes the form does not show and dropping a former type’s', async () => {
    const fetchMock = stubFetch({
      'GET /api/commands': () => json(200, [saved()]),
      'GET /api/devices': () => json(200, []),
      'GET /api/commands/types': () => json(200, [{ type: 'positionPeriodic' }, { type: 'custom' }]),
      'PUT /api/commands/7': ({ body }) => json(200, { id: 7, tenantId: 1, ...(body as object) }),
    });
    renderList();
    fireEvent.click(await screen.findByLabelText('Edit Report every minute'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^Frequency/) as HTMLInputElement).value).toBe('60');
    await chooseOption(dialog, /^Command type/, 'Custom');
    fireEvent.change(within(dialog).getByLabelText(/^Data/), { target: { value: 'UPLOAD,30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved command updated successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/commands/7')).toEqual([
      {
        description: 'Report every minute',
        type: 'custom',
        textChannel: false,
        attributes: { noQueue: true, data: 'UPLOAD,30' },
      },
    ]);
  });

  it('deletes after confirming and shows a refusal’s message', async () => {
    const fetchMock = stubFetch({
      'GET /api/commands': () => json(200, [saved()]),
      'DELETE /api/commands/7': [() => json(403, { message: 'Forbidden' }), () => new Response(null, { status: 204 })],
    });
    renderList();
    fireEvent.click(await screen.findByLabelText('Delete Report every minute'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'DELETE /api/commands/7')).toHaveLength(1));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Saved command deleted successfully')).toBeTruthy();
  });

  it('is read-only for an account limited to saved commands', async () => {
    stubFetch({ 'GET /api/commands': () => json(200, [saved()]) });
    renderList(true);
    expect(await screen.findByText('Report every minute')).toBeTruthy();
    expect(screen.getByText('This account sends saved commands only; it cannot change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add saved command' })).toBeNull();
    expect(screen.queryByLabelText('Edit Report every minute')).toBeNull();
  });
});
