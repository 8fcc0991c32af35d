import { fireEvent, screen } from '@testing-library/react';
import type { Permission } from '@waymark/contracts/permissions';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../../test/render';
import { type CatalogueGroup, PermissionPicker } from './permission-picker';

const catalogue: CatalogueGroup[] = [
  {
    submodule: 'devices',
    permissions: [
      { authority: 'VIEW_DEVICES', name: 'View devices' },
      { authority: 'TRACK_DEVICES', name: 'Track devices' },
      { authority: 'SEND_COMMAND', name: 'Send command' },
    ],
  },
  { submodule: 'roles', permissions: [{ authority: 'VIEW_ROLES', name: 'View roles' }] },
];

let latest: Permission[] = [];

function Harness({ initial = [], held }: { initial?: Permission[]; held: Permission[] }) {
  const [value, setValue] = useState<Permission[]>(initial);
  latest = value;
  return (
    <PermissionPicker
      catalogue={catalogue}
      value={value}
      held={held}
      onChange={(next) => {
        latest = next;
        setValue(next);
      }}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('PermissionPicker', () => {
  it('selects and deselects all flags of one submodule', () => {
    renderAt('/', <Harness held={['VIEW_DEVICES', 'TRACK_DEVICES', 'SEND_COMMAND', 'VIEW_ROLES']} />);
    fireEvent.click(box('Select all permissions of Devices'));
    expect(latest).toEqual(['VIEW_DEVICES', 'TRACK_DEVICES', 'SEND_COMMAND']);
    expect(box('VIEW_ROLES').checked).toBe(false);
    expect(box('Select all permissions of Devices').checked).toBe(true);
    fireEvent.click(box('Select all permissions of Devices'));
    expect(latest).toEqual([]);
  });

  it('selects and deselects everything at once, and shows a partial submodule as indeterminate', () => {
    renderAt('/', <Harness held={['VIEW_DEVICES', 'TRACK_DEVICES', 'SEND_COMMAND', 'VIEW_ROLES']} />);
    fireEvent.click(box('TRACK_DEVICES'));
    expect(box('Select all permissions of Devices').dataset.indeterminate).toBe('true');
    fireEvent.click(box('Select all permissions'));
    expect(latest).toEqual(['VIEW_DEVICES', 'TRACK_DEVICES', 'SEND_COMMAND', 'VIEW_ROLES']);
    fireEvent.click(box('Select all permissions'));
    expect(latest).toEqual([]);
  });

  it('disables the flags the editor does not hold, and select-all leaves them as they are', () => {
    renderAt('/', <Harness initial={['SEND_COMMAND']} held={['VIEW_DEVICES', 'TRACK_DEVICES']} />);
    expect(box('SEND_COMMAND').disabled).toBe(true);
    expect(box('VIEW_ROLES').disabled).toBe(true);
    expect(box('VIEW_DEVICES').disabled).toBe(false);
    // the roles submodule has nothing the editor may grant
    expect(box('Select all permissions of Roles').disabled).toBe(true);
    fireEvent.click(box('Select all permissions'));
    expect(latest).toEqual(['VIEW_DEVICES', 'TRACK_DEVICES', 'SEND_COMMAND']);
    fireEvent.click(box('Select all permissions'));
    // a flag granted by someone else stays: this editor cannot take it away either
    expect(latest).toEqual(['SEND_COMMAND']);
  });
});
