import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComputedAttributeDto } from '@waymark/contracts/computed-attribute';
import { beforeEach, describe, expect, it } from 'vitest';
import { aDevice, aPosition } from '../../../test/devices-fixtures';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { renderAt } from '../../../test/render';
import { ComputedAttributesList } from './computed-attributes-list';

const computed = (overrides: Partial<ComputedAttributeDto> = {}): ComputedAttributeDto => ({
  id: 3,
  description: 'Battery voltage',
  attribute: 'voltage',
  expression: 'io200 * 0.1',
  type: 'number',
  priority: 0,
  tenantId: 1,
  ...overrides,
});

const devicesAndPositions = {
  'GET /api/devices': () => json(200, [aDevice({ id: 5, name: 'Van 5' })]),
  'GET /api/positions': () => json(200, [aPosition({ deviceId: 5, attributes: { io200: 125, ignition: true } })]),
};

async function openNew() {
  renderAt('/attributes/computed', <ComputedAttributesList />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add computed attribute' }));
  return screen.findByRole('dialog');
}

async function chooseDevice(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('combobox', { name: 'Device' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Van 5' }));
}

beforeEach(() => notifications.clean());

describe('ComputedAttributesList', () => {
  it('lists in the order they apply and searches the expression too', async () => {
    stubFetch({
      'GET /api/attributes/computed': () =>
        json(200, [
          computed(),
          computed({
            id: 4,
            description: 'Fast',
            attribute: 'fast',
            expression: 'speed > 50',
            type: 'boolean',
            priority: 5,
          }),
        ]),
    });
    renderAt('/attributes/computed', <ComputedAttributesList />);
    await screen.findByText('Battery voltage');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Fast', 'Battery voltage']);
    expect(screen.getByText('Yes/no')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by description, attribute or expression'), {
      target: { value: 'io200' },
    });
    expect(screen.queryByText('Fast')).toBeNull();
  });

  it('checks the attribute name, then creates one with its type and priority', async () => {
    const fetchMock = stubFetch({
      'GET /api/attributes/computed': () => json(200, []),
      'POST /api/attributes/computed': ({ body }) => json(200, { id: 9, tenantId: 1, ...(body as object) }),
      ...devicesAndPositions,
    });
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Moving' } });
    fireEvent.change(within(dialog).getByLabelText(/^Attribute/), { target: { value: 'is moving' } });
    fireEvent.change(within(dialog).getByLabelText(/^Expression/, { selector: 'textarea' }), {
      target: { value: 'speed > 2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid value')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/attributes/computed')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Attribute/), { target: { value: 'moving' } });
    fireEvent.click(within(dialog).getByText('Yes/no'));
    fireEvent.change(within(dialog).getByLabelText(/^Priority/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Computed attribute created successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/attributes/computed')).toEqual([
      { description: 'Moving', attribute: 'moving', expression: 'speed > 2', type: 'boolean', priority: 2 },
    ]);
  });

  it('tests the expression on a device and shows the value, no value, or the server’s error', async () => {
    const fetchMock = stubFetch({
      'GET /api/attributes/computed': () => json(200, [computed()]),
      'POST /api/attributes/computed/test': [
        () => json(200, 12.5),
        () => json(200, null),
        () => json(400, { message: 'Invalid expression: Unexpected end of expression: io200 *' }),
      ],
      ...devicesAndPositions,
    });
    renderAt('/attributes/computed', <ComputedAttributesList />);
    fireEvent.click(await screen.findByLabelText('Edit Battery voltage'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('button', { name: 'Test' }) as HTMLButtonElement).disabled).toBe(true);
    await chooseDevice(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Result: 12.5');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/attributes/computed/test?deviceId=5'))).toBe(
      true,
    );
    expect(bodiesOf(fetchMock, 'POST /api/attributes/computed/test')[0]).toEqual({
      expression: 'io200 * 0.1',
      type: 'number',
    });
    fireEvent.click(within(dialog).getByText('Text'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test' }));
    expect(await within(dialog).findByText(/gives no value of this type/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Expression/, { selector: 'textarea' }), {
      target: { value: 'io200 *' },
    });
    // a changed expression hides the former result
    expect(within(dialog).queryByRole('status')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test' }));
    expect(await within(dialog).findByText('Invalid expression: Unexpected end of expression: io200 *')).toBeTruthy();
    expect(within(dialog).getByText('The expression failed')).toBeTruthy();
  });

  it('helps with the language: the operators, the position fields and the test device’s attributes', async () => {
    stubFetch({ 'GET /api/attributes/computed': () => json(200, []), ...devicesAndPositions });
    const dialog = await openNew();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Expression help' }));
    expect(within(dialog).getByText(/^==\s+!=\s+>/)).toBeTruthy();
    expect(within(dialog).getByText('Choose a test device to list its attributes.')).toBeTruthy();
    const fields = await within(dialog).findByRole('group', { name: 'Position fields' });
    fireEvent.click(within(fields).getByRole('button', { name: 'Insert speed' }));
    await chooseDevice(dialog);
    const attributes = await within(dialog).findByRole('group', { name: 'Position attributes' });
    expect(
      within(attributes)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['ignition', 'io200']);
    fireEvent.click(within(attributes).getByRole('button', { name: 'Insert io200' }));
    await waitFor(() =>
      expect(
        (within(dialog).getByLabelText(/^Expression/, { selector: 'textarea' }) as HTMLTextAreaElement).value,
      ).toBe('speed io200'),
    );
  });
});
