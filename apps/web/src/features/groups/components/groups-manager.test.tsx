import { fireEvent, screen, within } from '@testing-library/react';
import type { GroupDto } from '@waymark/contracts/group';
import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { aUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { GroupsManager } from './groups-manager';

const group = (id: number, name: string, parentGroupId: number | null = null, attributes = {}): GroupDto => ({
  id,
  name,
  parentGroupId,
  groupId: parentGroupId ?? 0,
  userId: null,
  tenantId: 1,
  active: true,
  attributes,
});

const renderGroups = (speedUnit = 'kmh') =>
  renderAt(
    '/groups',
    <SessionProvider user={aUser({ attributes: { speedUnit } })}>
      <GroupsManager />
    </SessionProvider>,
  );

describe('GroupsManager', () => {
  it('shows the tree with subgroups indented under their parent', async () => {
    stubFetch({ 'GET /api/groups': () => json(200, [group(2, 'Vans', 1), group(1, 'Fleet')]) });
    renderGroups();
    const list = await screen.findByRole('list', { name: 'Groups' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => [item.textContent, item.dataset.depth])).toEqual([
      ['Fleet', '0'],
      ['Vans', '1'],
    ]);
  });

  it('shows the empty and error states', async () => {
    stubFetch({ 'GET /api/groups': [() => json(200, []), () => json(500, { message: 'x' })] });
    const view = renderGroups();
    expect(await screen.findByText('No groups yet. Add one to organise your devices.')).toBeTruthy();
    await view.queryClient.refetchQueries();
    expect(await screen.findByText('Failed to load groups')).toBeTruthy();
  });

  it('creates a subgroup with a speed limit given in mph and stored in knots, and its trip settings', async () => {
    const fetchMock = stubFetch({
      'GET /api/groups': () => json(200, [group(1, 'Fleet')]),
      'POST /api/groups': () => json(200, group(3, 'Trucks', 1)),
    });
    renderGroups('mph');
    fireEvent.click(await screen.findByLabelText('Add a subgroup to Fleet'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/, { selector: 'input' }), { target: { value: 'Trucks' } });
    fireEvent.change(within(dialog).getByLabelText('Speed limit (mph)'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('A trip starts after moving (m)'), { target: { value: '1000' } });
    fireEvent.change(within(dialog).getByLabelText('A stop lasts at least (min)'), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group created successfully')).toBeTruthy();
    const [body] = bodiesOf(fetchMock, 'POST /api/groups') as [
      { name: string; parentGroupId: number; attributes: Record<string, number> },
    ];
    expect(body.name).toBe('Trucks');
    expect(body.parentGroupId).toBe(1);
    expect(body.attributes.speedLimit).toBeCloseTo(43.45, 1);
    // the trips-and-stops settings its devices inherit, in Traccar's units (metres, seconds)
    expect(body.attributes).toMatchObject({ 'report.trip.minDistance': 1000, 'report.trip.minParking': 900 });
    expect(Object.keys(body.attributes)).not.toContain('report.trip.minDuration');
  });

  it('asks before deleting, then deletes', async () => {
    const fetchMock = stubFetch({
      'GET /api/groups': () => json(200, [group(1, 'Fleet')]),
      'DELETE /api/groups/1': () => new Response(null, { status: 204 }),
    });
    renderGroups();
    fireEvent.click(await screen.findByLabelText('Delete Fleet'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove item?' });
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Group deleted successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'DELETE /api/groups/1')).toHaveLength(1);
  });

  it('shows the server message when saving fails', async () => {
    stubFetch({
      'GET /api/groups': () => json(200, []),
      'POST /api/groups': () => json(400, { message: 'Invalid group ID' }),
    });
    renderGroups();
    fireEvent.click(await screen.findByRole('button', { name: 'Add group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/, { selector: 'input' }), { target: { value: 'X' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid group ID')).toBeTruthy();
  });
});
