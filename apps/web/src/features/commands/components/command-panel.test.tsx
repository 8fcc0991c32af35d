import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aDevice } from '../../../test/devices-fixtures';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { aUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { CommandPanel } from './command-panel';

const sentAs =
  (status: 'SENT' | 'QUEUED') =>
  ({ body }: { body: unknown }) => {
    const b = body as { deviceId: number; type?: string };
    return json(status === 'SENT' ? 200 : 202, {
      message: status === 'SENT' ? 'Command sent' : 'Command queued',
      id: 5,
      deviceId: b.deviceId,
      type: b.type ?? 'engineStop',
      attributes: {},
      status,
      expiresAt: null,
    });
  };

function stub(send = sentAs('QUEUED')) {
  return stubFetch({
    'GET /api/devices': () => json(200, [aDevice({ id: 1, name: 'Van 1' }), aDevice({ id: 2, name: 'Truck 2' })]),
    'GET /api/commands/send': () =>
      json(200, [
        { id: 12, description: 'Cut engine', type: 'engineStop', textChannel: false, tenantId: 4, attributes: {} },
      ]),
    'GET /api/commands/types': () => json(200, [{ type: 'engineStop' }, { type: 'custom' }]),
    'POST /api/commands/send': send,
  });
}

function renderCommand(path = '/command', limitCommands = false) {
  return renderRoutes(path, [
    {
      path: '/command',
      element: (
        <SessionProvider user={aUser({ limitCommands })}>
          <CommandPanel />
        </SessionProvider>
      ),
    },
  ]);
}

async function chooseOption(label: RegExp, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => notifications.clean());

describe('CommandPanel', () => {
  it('preselects ?deviceId=, sends an ad-hoc engine stop and says it was queued', async () => {
    const fetchMock = stub();
    renderCommand('/command?deviceId=1');
    await screen.findByRole('combobox', { name: /^Device/ });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/commands/types'))).toBe(true),
    );
    await chooseOption(/^Command type/, 'Engine stop');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Command queued')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/commands/send')).toEqual([
      { deviceId: 1, type: 'engineStop', attributes: {} },
    ]);
  });

  it('sends a saved command and says it was sent', async () => {
    const fetchMock = stub(sentAs('SENT'));
    renderCommand();
    await screen.findByRole('combobox', { name: /^Device/ });
    await chooseOption(/^Device/, 'Truck 2');
    fireEvent.click(screen.getByText('Saved command'));
    await chooseOption(/^Saved command/, 'Cut engine (Engine stop)');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Command sent')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/commands/send')).toEqual([{ deviceId: 2, id: 12, attributes: {} }]);
  });

  it('asks for a device and a type before sending, and shows a refusal', async () => {
    const fetchMock = stub(() => json(403, { message: 'Access denied' }));
    renderCommand();
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.getByText('Choose a device')).toBeTruthy();
    expect(screen.getByText('Choose a command type')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/commands/send')).toEqual([]);

    await chooseOption(/^Device/, 'Van 1');
    await chooseOption(/^Command type/, 'Custom');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This parameter is required')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Data/ }), { target: { value: 'setdigout 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Access denied')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/commands/send')).toEqual([
      { deviceId: 1, type: 'custom', attributes: { data: 'setdigout 1' } },
    ]);
  });

  it('offers only saved commands to accounts with limitCommands', async () => {
    stub();
    renderCommand('/command', true);
    expect(await screen.findByText('This account may send saved commands only')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Saved command/ })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^Command type/ })).toBeNull();
  });
});
