import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aDevice } from '../../../test/alerts-fixtures';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { renderAt } from '../../../test/render';
import type { RouteMapProps } from './route-map';
import { RouteWorkspace } from './route-workspace';

// Leaflet needs a real layout engine: the map is replaced by a button standing for drawing a line.
vi.mock('./route-map', () => ({
  RouteMap: (props: RouteMapProps) => (
    <div>
      <p data-testid="corridor">{props.draft ? `${props.draftWidth} m` : 'none'}</p>
      <button
        type="button"
        onClick={() =>
          props.onDraftChange({
            kind: 'polyline',
            points: [
              [48.85, 2.35],
              [48.86, 2.36],
            ],
          })
        }
      >
        draw line
      </button>
    </div>
  ),
}));

const saved = {
  id: 7,
  name: 'Morning round',
  description: null,
  area: 'LINESTRING (48.85 2.35, 48.86 2.36)',
  width: 150,
  color: '#7048e8',
  deviceIds: [3],
  groupIds: [],
  tenantId: 1,
};

describe('RouteWorkspace', () => {
  it('plans a route drawn on the map with its corridor width and devices', async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/routes': [() => json(200, { data: [] }), () => json(200, { data: [saved] })],
      'POST /api/v2/routes': () => json(200, { data: saved }),
      'GET /api/devices': () => json(200, [aDevice({ id: 3, name: 'Van 3' })]),
      'GET /api/groups': () => json(200, []),
    });
    renderAt('/route', <RouteWorkspace />);
    expect(await screen.findByText(/No routes yet/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New route' }));
    fireEvent.change(screen.getByLabelText(/^Name/, { selector: 'input' }), { target: { value: 'Morning round' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Draw the route on the map')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/v2/routes')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'draw line' }));
    expect(screen.getByText(/Line of 2 points/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Corridor width/), { target: { value: '150' } });
    expect(screen.getByTestId('corridor').textContent).toBe('150 m');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Route saved');
    expect(bodiesOf(fetchMock, 'POST /api/v2/routes')).toEqual([
      {
        name: 'Morning round',
        description: null,
        area: 'LINESTRING (48.85 2.35, 48.86 2.36)',
        width: 150,
        color: '#7048e8',
        deviceIds: [],
        groupIds: [],
      },
    ]);
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain('Morning round');
    expect(item.textContent).toContain('150 m');
  });
});
