import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aDevice } from '../../../test/alerts-fixtures';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { renderAt, renderRoutes } from '../../../test/render';
import type { GeofenceMapProps } from './geofence-map';
import { GeofenceWorkspace } from './geofence-workspace';

// Leaflet needs a real layout engine: the map is replaced by buttons standing for drawing and clicking.
vi.mock('./geofence-map', () => ({
  GeofenceMap: (props: GeofenceMapProps) => (
    <div>
      <p data-testid="focus">{props.focus ? props.focus.center.join(',') : 'none'}</p>
      <button type="button" onClick={() => props.onDraftChange({ kind: 'circle', center: [48.85, 2.35], radius: 200 })}>
        draw circle
      </button>
    </div>
  ),
}));

const depot = {
  id: 4,
  name: 'Depot',
  description: 'Main yard',
  area: 'POLYGON ((1 2, 3 4, 5 6, 1 2))',
  calendarId: 0,
  tenantId: 1,
  attributes: { color: '#ff0000' },
};

describe('GeofenceWorkspace', () => {
  it('shows the empty state and creates a circle drawn on the map', async () => {
    const fetchMock = stubFetch({
      'GET /api/geofences': [() => json(200, []), () => json(200, [{ ...depot, id: 9, name: 'Yard' }])],
      'POST /api/geofences': () => json(200, { ...depot, id: 9, name: 'Yard', area: 'CIRCLE (48.85 2.35, 200)' }),
      'GET /api/devices': () => json(200, []),
    });
    renderAt('/geofence', <GeofenceWorkspace />);
    expect(await screen.findByText(/No geofences yet/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'draw circle' }));
    const area = screen.getByLabelText(/^Area/, { selector: 'textarea' }) as HTMLTextAreaElement;
    expect(area.value).toBe('CIRCLE (48.85 2.35, 200)');
    expect(screen.getByText(/Shape: Circle/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Name/, { selector: 'input' }), { target: { value: 'Yard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(bodiesOf(fetchMock, 'POST /api/geofences')).toEqual([
      {
        name: 'Yard',
        description: null,
        area: 'CIRCLE (48.85 2.35, 200)',
        calendarId: null,
        attributes: { color: '#3bb2d0', alertOnEntry: true, alertOnExit: true },
      },
    ]);
  });

  it('centres the map on ?lat=&lon=', async () => {
    stubFetch({ 'GET /api/geofences': () => json(200, []) });
    renderRoutes('/geofence?lat=45.5&lon=-73.6', [{ path: '/geofence', element: <GeofenceWorkspace /> }]);
    expect(screen.getByTestId('focus').textContent).toBe('45.5,-73.6');
  });

  it('shows the server message when loading fails', async () => {
    stubFetch({ 'GET /api/geofences': () => json(500, { message: 'Database down' }) });
    renderAt('/geofence', <GeofenceWorkspace />);
    expect(await screen.findByText('Failed to load geofences')).toBeTruthy();
    expect(screen.getByText('Database down')).toBeTruthy();
  });

  it('edits a geofence, links a device and deletes after confirmation', async () => {
    const fetchMock = stubFetch({
      'GET /api/geofences': () => json(200, [depot]),
      'GET /api/devices': () => json(200, [aDevice({ id: 3, name: 'Van' })]),
      'DELETE /api/permissions': () => new Response(null, { status: 204 }),
      'DELETE /api/geofences/4': () => new Response(null, { status: 204 }),
    });
    renderAt('/geofence', <GeofenceWorkspace />);
    fireEvent.click(await screen.findByText('Depot'));
    expect((screen.getByLabelText(/^Name/, { selector: 'input' }) as HTMLInputElement).value).toBe('Depot');
    // the stub answers every ?deviceId= list with Depot: Van is linked
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Van' }));
    await screen.findByText('Device unlinked from the geofence');
    expect(bodiesOf(fetchMock, 'DELETE /api/permissions')).toEqual([{ deviceId: 3, geofenceId: 4 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Depot' }));
    expect(screen.getByText('Remove item?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Geofence deleted');
    expect(bodiesOf(fetchMock, 'DELETE /api/geofences/4')).toHaveLength(1);
  });
});
