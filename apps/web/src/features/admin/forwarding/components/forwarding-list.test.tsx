import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Forwarding, ForwardingStatus } from '@waymark/contracts/forwarding';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../../test/fetch-stub';
import { renderAt } from '../../../../test/render';
import { PermissionsProvider } from '../../../permissions/permissions-context';
import { ForwardingList } from './forwarding-list';

const target = (overrides: Partial<Forwarding> = {}): Forwarding => ({
  id: 7,
  tenantId: null,
  tenantName: null,
  name: 'Dispatch hook',
  type: 'webhook',
  url: 'https://hooks.example.com/in',
  topic: '',
  exchange: '',
  headers: { 'X-Token': 'abc' },
  positions: true,
  events: false,
  enabled: true,
  queueLimit: 1000,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const status = (overrides: Partial<ForwardingStatus> = {}): ForwardingStatus => ({
  id: 7,
  enabled: true,
  pending: 0,
  oldestPendingAt: null,
  delivered: 12,
  dropped: 0,
  failures: 0,
  lastError: null,
  lastErrorAt: null,
  lastDeliveredAt: '2026-01-01T00:00:00.000Z',
  nextAttemptAt: null,
  ...overrides,
});

const render = (permissions: string[] = ['ADMIN_ACCOUNT']) =>
  renderAt(
    '/admin/forwarding',
    <PermissionsProvider permissions={permissions}>
      <ForwardingList />
    </PermissionsProvider>,
  );

const openCreate = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'New target' }));
  return screen.findByRole('dialog');
};
const fill = (dialog: HTMLElement, label: RegExp | string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('ForwardingList', () => {
  it('shows each target with its kind, address, what it forwards and its delivery status', async () => {
    stubFetch({
      'GET /api/v2/forwarding': () =>
        json(200, {
          data: [
            target(),
            target({
              id: 8,
              tenantId: 3,
              tenantName: 'Harbor Logistics',
              name: 'Broker',
              type: 'amqp',
              url: 'amqp://user:secret@mq.example.com',
              exchange: 'fleet',
              topic: 'positions',
              events: true,
              headers: {},
            }),
          ],
        }),
      'GET /api/v2/forwarding/7/status': () => json(200, { data: status() }),
      'GET /api/v2/forwarding/8/status': () =>
        json(200, {
          data: status({
            id: 8,
            pending: 42,
            dropped: 5,
            failures: 3,
            lastError: 'connect ECONNREFUSED',
            lastErrorAt: '2026-01-01T10:00:00.000Z',
            nextAttemptAt: '2026-01-01T10:00:08.000Z',
          }),
        }),
    });
    render();
    const hook = (await screen.findByText('Dispatch hook')).closest('tr') as HTMLElement;
    expect(hook.textContent).toContain('Webhook');
    expect(hook.textContent).toContain('https://hooks.example.com/in');
    expect(hook.textContent).toContain('Server-wide');
    expect(hook.textContent).toContain('Positions');
    expect(hook.textContent).not.toContain('Events');
    await waitFor(() => expect(hook.textContent).toContain('Backlog: 0'));
    const broker = screen.getByText('Broker').closest('tr') as HTMLElement;
    // the password stays hidden; the exchange and routing key follow the URL
    expect(broker.textContent).toContain('amqp://user:***@mq.example.com · fleet → positions');
    expect(broker.textContent).toContain('Harbor Logistics');
    expect(broker.textContent).toContain('Events');
    await waitFor(() => expect(broker.textContent).toContain('Backlog: 42'));
    expect(broker.textContent).toContain('Dropped: 5');
    expect(broker.textContent).toContain('Failures in a row: 3');
    expect(broker.textContent).toContain('connect ECONNREFUSED');
    expect(broker.textContent).toContain('Next attempt:');
  });

  it('disables a target with its switch: the whole target is sent back, its scope left as it is', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/forwarding': [
        () => json(200, { data: [target()] }),
        () => json(200, { data: [target({ enabled: false })] }),
      ],
      'GET /api/v2/forwarding/7/status': () => json(200, { data: status() }),
      'PUT /api/v2/forwarding/7': () => json(200, { data: target({ enabled: false }) }),
    });
    render();
    fireEvent.click(await screen.findByRole('switch', { name: 'Enabled: Dispatch hook' }));
    expect(await screen.findByText('Forwarding target disabled')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/v2/forwarding/7')).toEqual([
      {
        name: 'Dispatch hook',
        type: 'webhook',
        url: 'https://hooks.example.com/in',
        topic: '',
        exchange: '',
        headers: { 'X-Token': 'abc' },
        positions: true,
        events: false,
        enabled: false,
        queueLimit: 1000,
      },
    ]);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Enabled: Dispatch hook' }) as HTMLInputElement).checked).toBe(false),
    );
  });

  it("checks the form with the shared contract, field by field, with the fields of the target's kind", async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/forwarding': () => json(200, { data: [] }),
      'GET /api/v2/tenant': () =>
        json(200, { data: { content: [], page: 0, size: 20, totalElements: 0, totalPages: 0 } }),
    });
    render();
    expect(await screen.findByText('No forwarding targets yet')).toBeTruthy();
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('URL is required')).toBeTruthy();

    fill(dialog, /^Name/, 'Broker');
    fill(dialog, /^URL/, 'https://broker.example.com');
    fireEvent.click(within(dialog).getByLabelText(/^Kind/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'MQTT' }));
    // a broker has a topic and no headers
    expect(within(dialog).queryByLabelText('Headers')).toBeNull();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Forward positions' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText("This kind's URL starts with mqtt://, mqtts://, ws://, wss://"),
    ).toBeTruthy();
    expect(within(dialog).getByText('Give an MQTT topic')).toBeTruthy();
    expect(within(dialog).getByText('Forward positions, events or both')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/v2/forwarding')).toHaveLength(0);
  });

  it("creates a webhook with its headers, and shows the server's refusal in the dialog", async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/forwarding': [() => json(200, { data: [] }), () => json(200, { data: [target()] })],
      'GET /api/v2/forwarding/7/status': () => json(200, { data: status() }),
      'GET /api/v2/tenant': () =>
        json(200, { data: { content: [], page: 0, size: 20, totalElements: 0, totalPages: 0 } }),
      'POST /api/v2/forwarding': [
        () =>
          json(400, { statusCode: 400, error: 'Bad Request', message: 'hooks.internal resolves to a private address' }),
        () => json(200, { data: target() }),
      ],
    });
    render();
    const dialog = await openCreate();
    fill(dialog, /^Name/, 'Dispatch hook');
    fill(dialog, /^URL/, 'https://hooks.example.com/in');
    fill(dialog, /^Headers/, 'Bad header: x');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Header names are letters/)).toBeTruthy();
    fill(dialog, /^Headers/, 'X-Token: abc\n\n');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('hooks.internal resolves to a private address')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Forwarding target created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = {
      name: 'Dispatch hook',
      type: 'webhook',
      url: 'https://hooks.example.com/in',
      topic: '',
      exchange: '',
      headers: { 'X-Token': 'abc' },
      positions: true,
      events: false,
      enabled: true,
      queueLimit: 1_000_000,
      // a platform administrator's target without a tenant is server-wide
      tenantId: null,
    };
    expect(bodiesOf(fetchMock, 'POST /api/v2/forwarding')).toEqual([sent, sent]);
  });

  it("sends no tenant for a tenant administrator's target (the API puts it in the caller's tenant)", async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/forwarding': () => json(200, { data: [] }),
      'POST /api/v2/forwarding': () => json(200, { data: target({ tenantId: 4, tenantName: 'Acme' }) }),
    });
    render(['VIEW_TENANT']);
    const dialog = await openCreate();
    expect(within(dialog).queryByLabelText(/^Tenant/)).toBeNull();
    fill(dialog, /^Name/, 'Mine');
    fill(dialog, /^URL/, 'https://hooks.example.com/mine');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Forwarding target created')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/v2/forwarding')[0]).not.toHaveProperty('tenantId');
  });

  it('deletes a target once confirmed', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/forwarding': [() => json(200, { data: [target()] }), () => json(200, { data: [] })],
      'GET /api/v2/forwarding/7/status': () => json(200, { data: status() }),
      'DELETE /api/v2/forwarding/7': () => new Response(null, { status: 204 }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Dispatch hook' }));
    const question = await screen.findByRole('dialog');
    expect(question.textContent).toContain('What still waits in its outbox is dropped.');
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Forwarding target deleted')).toBeTruthy();
    expect(await screen.findByText('No forwarding targets yet')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'DELETE /api/v2/forwarding/7')).toHaveLength(1);
  });
});
