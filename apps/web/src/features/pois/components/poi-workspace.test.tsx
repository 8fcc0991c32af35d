import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { renderAt } from '../../../test/render';
import { PoiWorkspace } from './poi-workspace';

const fuel = {
  id: 5,
  name: 'Shell Marousi',
  description: null,
  category: 'fuel',
  latitude: 38.05,
  longitude: 23.8,
  tenantId: 1,
};

describe('PoiWorkspace', () => {
  it('lists points of interest with their category and creates one', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/pois': [
        () => json(200, { data: [fuel] }),
        () => json(200, { data: [fuel, { ...fuel, id: 6, name: 'North depot', category: 'depot' }] }),
      ],
      'POST /api/v2/pois': () => json(200, { data: { ...fuel, id: 6, name: 'North depot', category: 'depot' } }),
    });
    renderAt('/poi', <PoiWorkspace />);
    expect(await screen.findByText('Shell Marousi')).toBeTruthy();
    expect(screen.getByText('Fuel')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New point' }));
    fireEvent.change(screen.getByLabelText(/^Name/, { selector: 'input' }), { target: { value: 'North depot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a latitude between -90 and 90')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '38.1' } });
    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: '23.81' } });
    fireEvent.click(screen.getByLabelText(/^Category/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Depot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Point of interest saved');
    expect(bodiesOf(fetchMock, 'POST /api/v2/pois')).toEqual([
      { name: 'North depot', description: null, category: 'depot', latitude: 38.1, longitude: 23.81 },
    ]);
    expect(await screen.findByText('North depot')).toBeTruthy();
  });

  it('deletes the point being edited after confirmation and closes its form', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/pois': [() => json(200, { data: [fuel] }), () => json(200, { data: [] })],
      'DELETE /api/v2/pois/5': () => new Response(null, { status: 204 }),
    });
    renderAt('/poi', <PoiWorkspace />);
    fireEvent.click(await screen.findByText('Shell Marousi'));
    expect((screen.getByLabelText(/^Name/, { selector: 'input' }) as HTMLInputElement).value).toBe('Shell Marousi');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Shell Marousi' }));
    expect(screen.getByText('Delete Shell Marousi?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Point of interest deleted');
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/v2/pois/5') && init?.method === 'DELETE'),
    ).toBe(true);
    expect(await screen.findByText(/No points of interest yet/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Name/, { selector: 'input' })).toBeNull();
  });

  it('previews a CSV file, refuses to import while a row is bad, then imports a good file', async () => {
    const bad = {
      line: 3,
      name: 'Far',
      latitude: 91,
      longitude: 2,
      category: 'other',
      description: null,
      radius: null,
      problems: ['latitude must be between -90 and 90'],
    };
    const good = { ...bad, line: 2, name: 'Depot', latitude: 1, category: 'depot', problems: [] };
    const fetchMock = stubFetch({
      'GET /api/v2/pois': [
        () => json(200, { data: [] }),
        () => json(200, { data: [{ ...fuel, id: 9, name: 'Quay 3', category: 'depot' }] }),
      ],
      'POST /api/v2/pois/import/preview': [
        () => json(200, { data: { rows: [good, bad], valid: 1, invalid: 1, imported: 0 } }),
        () => json(200, { data: { rows: [good], valid: 1, invalid: 0, imported: 0 } }),
      ],
      'POST /api/v2/pois/import': () => json(200, { data: { rows: [good], valid: 1, invalid: 0, imported: 1 } }),
    });
    const { container } = renderAt('/poi', <PoiWorkspace />);
    await screen.findByText(/No points of interest yet/);
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    const pick = (text: string) =>
      fireEvent.change(input, { target: { files: [new File([text], 'pois.csv', { type: 'text/csv' })] } });

    pick('name,latitude,longitude,category\nDepot,1,2,depot\nFar,91,2,\n');
    expect(await screen.findByText('latitude must be between -90 and 90')).toBeTruthy();
    expect(screen.getByText('1 row with problems')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import 1 point' }) as HTMLButtonElement).disabled).toBe(true);
    expect(bodiesOf(fetchMock, 'POST /api/v2/pois/import/preview')).toEqual([
      { csv: 'name,latitude,longitude,category\nDepot,1,2,depot\nFar,91,2,\n' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    pick('name,latitude,longitude,category\nDepot,1,2,depot\n');
    expect(await screen.findByText('1 row ready')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Import 1 point' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await screen.findByText('1 point of interest imported');
    expect(bodiesOf(fetchMock, 'POST /api/v2/pois/import')).toEqual([
      { csv: 'name,latitude,longitude,category\nDepot,1,2,depot\n' },
    ]);
    expect(await screen.findByText('Quay 3')).toBeTruthy();
  });
});
