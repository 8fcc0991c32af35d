import { fireEvent, screen, within } from '@testing-library/react';
import type { DriverDto } from '@waymark/contracts/driver';
import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { renderAt } from '../../../test/render';
import { DriversList } from './drivers-list';

const driver = (overrides: Partial<DriverDto> = {}): DriverDto => ({
  id: 4,
  uniqueId: 'RFID-1',
  name: 'Nikos Papadopoulos',
  cardNo: 'C-99',
  cardIssuingPlace: null,
  cardIssueDate: null,
  cardExpirationDate: '2020-01-31T00:00:00.000Z',
  gender: 'male',
  birthday: null,
  personalId: null,
  icNo: null,
  mobile: '+30 690 000 0000',
  tenantId: 1,
  attributes: {},
  ...overrides,
});

describe('DriversList', () => {
  it('lists drivers, marks an expired card and filters by search', async () => {
    stubFetch({
      'GET /api/drivers': () =>
        json(200, [driver(), driver({ id: 5, uniqueId: 'X-2', name: 'Maria', cardExpirationDate: null })]),
    });
    renderAt('/drivers', <DriversList />);
    expect(await screen.findByText('Nikos Papadopoulos')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by name or identifier'), { target: { value: 'x-2' } });
    expect(screen.queryByText('Nikos Papadopoulos')).toBeNull();
    expect(screen.getByText('Maria')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    stubFetch({ 'GET /api/drivers': () => json(200, []) });
    renderAt('/drivers', <DriversList />);
    expect(await screen.findByText('No drivers yet.')).toBeTruthy();
  });

  it('creates a driver with the card fields', async () => {
    const fetchMock = stubFetch({
      'GET /api/drivers': () => json(200, []),
      'POST /api/drivers': () => json(200, driver()),
    });
    renderAt('/drivers', <DriversList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add driver' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/, { selector: 'input' }), { target: { value: 'Eleni' } });
    fireEvent.change(within(dialog).getByLabelText(/^Identifier/, { selector: 'input' }), {
      target: { value: 'IB-77' },
    });
    fireEvent.change(within(dialog).getByLabelText('Card number'), { target: { value: 'K-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Driver created successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/drivers')[0]).toMatchObject({
      uniqueId: 'IB-77',
      name: 'Eleni',
      cardNo: 'K-1',
      cardIssuingPlace: null,
      birthday: null,
    });
  });

  it('requires a name and identifier before calling the server', async () => {
    const fetchMock = stubFetch({ 'GET /api/drivers': () => json(200, []) });
    renderAt('/drivers', <DriversList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add driver' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText('This field is required')).length).toBe(2);
    expect(bodiesOf(fetchMock, 'POST /api/drivers')).toHaveLength(0);
  });

  it('updates by the current uniqueId and shows the server message on conflict', async () => {
    const fetchMock = stubFetch({
      'GET /api/drivers': () => json(200, [driver()]),
      'PUT /api/drivers/RFID-1': () => json(409, { message: 'A driver with this identifier already exists' }),
    });
    renderAt('/drivers', <DriversList />);
    fireEvent.click(await screen.findByLabelText('Edit Nikos Papadopoulos'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Identifier/, { selector: 'input' }), {
      target: { value: 'RFID-2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A driver with this identifier already exists')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/drivers/RFID-1')[0]).toMatchObject({
      id: 4,
      uniqueId: 'RFID-2',
      gender: 'male',
    });
  });
});
