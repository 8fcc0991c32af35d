import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../../test/fetch-stub';
import { renderAt } from '../../../../test/render';
import { ModelFormModal } from './model-form-modal';

const MODEL = {
  id: 7,
  name: 'GT06N',
  port: 5023,
  protocol: 'gt06',
  manufacturerId: 3,
  manufacturerName: 'Concox',
  deviceCount: 0,
};

function stub() {
  return stubFetch({
    'GET /api/v2/model/protocols': () =>
      json(200, {
        data: [
          { protocol: 'gt06', port: 5023 },
          { protocol: 'osmand', port: 5055 },
        ],
      }),
    'GET /api/v2/manufacturer': () =>
      json(200, {
        data: {
          content: [{ id: 3, name: 'Concox', website: null, modelCount: 1 }],
          page: 0,
          size: 500,
          totalElements: 1,
          totalPages: 1,
        },
      }),
    'POST /api/v2/model': ({ body }) => json(200, { data: { ...MODEL, ...(body as object) } }),
    'PUT /api/v2/model/7': ({ body }) => json(200, { data: { ...MODEL, ...(body as object) } }),
  });
}

const port = () => screen.getByRole('textbox', { name: /Port/ });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the model dialog', () => {
  it("asks for a name and a port, refusing a missing or zero port with 'Can't be zero'", async () => {
    const fetchMock = stub();
    const onClose = vi.fn();
    renderAt('/', <ModelFormModal onClose={onClose} />);
    save();
    expect(await screen.findByText("Can't be zero")).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Tracker X' } });
    fireEvent.change(port(), { target: { value: '0' } });
    save();
    expect(await screen.findByText("Can't be zero")).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/v2/model')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the protocol of the port typed, or that no protocol is served there', async () => {
    stub();
    renderAt('/', <ModelFormModal onClose={() => {}} />);
    fireEvent.change(port(), { target: { value: '1234' } });
    expect(await screen.findByText('No protocol is served on port 1234')).toBeTruthy();
    fireEvent.change(port(), { target: { value: '5055' } });
    expect(await screen.findByText('Protocol: osmand')).toBeTruthy();
  });

  it('sends name, port and manufacturer, then closes', async () => {
    const fetchMock = stub();
    const onClose = vi.fn();
    renderAt('/', <ModelFormModal model={MODEL} onClose={onClose} />);
    expect(await screen.findByText('Protocol: gt06')).toBeTruthy();
    fireEvent.change(port(), { target: { value: '5055' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesOf(fetchMock, 'PUT /api/v2/model/7')).toEqual([{ name: 'GT06N', port: 5055, manufacturerId: 3 }]);
  });
});
