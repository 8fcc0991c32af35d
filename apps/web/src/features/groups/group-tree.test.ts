import type { GroupDto } from '@waymark/contracts/group';
import { describe, expect, it } from 'vitest';
import { attributesFromSettings, settingsFromAttributes } from './group-settings';
import { flattenTree, selfAndDescendants } from './group-tree';

function aGroup(id: number, name: string, parentGroupId: number | null = null, attributes = {}): GroupDto {
  return { id, name, parentGroupId, groupId: parentGroupId ?? 0, userId: null, tenantId: 1, active: true, attributes };
}

const groups = [
  aGroup(1, 'Fleet'),
  aGroup(2, 'Vans', 1),
  aGroup(3, 'Cars', 1),
  aGroup(4, 'City vans', 2),
  aGroup(5, 'Boats', 99),
];

describe('flattenTree', () => {
  it('puts children after their parent, by name, with their depth; unknown parents make roots', () => {
    expect(flattenTree(groups).map(({ group, depth }) => `${depth}:${group.name}`)).toEqual([
      '0:Boats',
      '0:Fleet',
      '1:Cars',
      '1:Vans',
      '2:City vans',
    ]);
  });

  it('never loses a group caught in a cycle', () => {
    expect(flattenTree([aGroup(1, 'A', 2), aGroup(2, 'B', 1)])).toHaveLength(2);
  });
});

describe('selfAndDescendants', () => {
  it('lists the groups that cannot be a parent of the group', () => {
    expect([...selfAndDescendants(groups, 2)].sort()).toEqual([2, 4]);
    expect([...selfAndDescendants(groups, 1)].sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('group settings', () => {
  it('shows the speed limit in the user unit and stores knots', () => {
    const settings = settingsFromAttributes({ speedLimit: 50, overspeedMinimalDuration: 30_000, other: 'kept' }, 'kmh');
    expect(settings).toEqual({
      speedLimit: 92.6,
      overspeedMinimalDuration: 30,
      geofenceDwell: '',
      inactivityPeriod: '',
    });
    const attributes = attributesFromSettings(
      { other: 'kept', geofenceDwell: 60 },
      { ...settings, speedLimit: 100, inactivityPeriod: 5 },
      'kmh',
    );
    expect(attributes.speedLimit).toBeCloseTo(53.996);
    expect(attributes).toMatchObject({ other: 'kept', overspeedMinimalDuration: 30_000, inactivityPeriod: 300_000 });
    expect(attributes).not.toHaveProperty('geofenceDwell');
  });
});
