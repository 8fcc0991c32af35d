import { fireEvent, screen } from '@testing-library/react';
import { PERMISSIONS, type Permission } from '@waymark/contracts/permissions';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../../test/render';
import el from '../locales/el.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
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
    expect(box('View roles').checked).toBe(false);
    expect(box('Select all permissions of Devices').checked).toBe(true);
    fireEvent.click(box('Select all permissions of Devices'));
    expect(latest).toEqual([]);
  });

  it('selects and deselects everything at once, and shows a partial submodule as indeterminate', () => {
    renderAt('/', <Harness held={['VIEW_DEVICES', 'TRACK_DEVICES', 'SEND_COMMAND', 'VIEW_ROLES']} />);
    fireEvent.click(box('Track devices live'));
    expect(box('Select all permissions of Devices').dataset.indeterminate).toBe('true');
    fireEvent.click(box('Select all permissions'));
    expect(latest).toEqual(['VIEW_DEVICES', 'TRACK_DEVICES', 'SEND_COMMAND', 'VIEW_ROLES']);
    fireEvent.click(box('Select all permissions'));
    expect(latest).toEqual([]);
  });

  it('disables the flags the editor does not hold, and select-all leaves them as they are', () => {
    renderAt('/', <Harness initial={['SEND_COMMAND']} held={['VIEW_DEVICES', 'TRACK_DEVICES']} />);
    expect(box('Send commands to devices').disabled).toBe(true);
    expect(box('View roles').disabled).toBe(true);
    expect(box('View devices').disabled).toBe(false);
    // the roles submodule has nothing the editor may grant
    expect(box('Select all permissions of Roles').disabled).toBe(true);
    fireEvent.click(box('Select all permissions'));
    expect(latest).toEqual(['VIEW_DEVICES', 'TRACK_DEVICES', 'SEND_COMMAND']);
    fireEvent.click(box('Select all permissions'));
    // a flag granted by someone else stays: this editor cannot take it away either
    expect(latest).toEqual(['SEND_COMMAND']);
  });
});

describe('flag labels', () => {
  it('every flag has a label of its own in every language', () => {
    for (const bundle of [en, fr, el]) {
      const labels: Record<string, string> = bundle.flags;
      expect(Object.keys(labels).sort()).toEqual([...PERMISSIONS].sort());
      for (const flag of PERMISSIONS) expect(labels[flag]).not.toBe(flag);
    }
    // a label names what the flag allows, so no two flags share one
    expect(new Set(Object.values(en.flags)).size).toBe(PERMISSIONS.length);
  });

  it('shows the translated label with the code beside it', () => {
    renderAt('/', <Harness held={['VIEW_DEVICES']} />);
    expect(screen.getByText('Send commands to devices')).toBeTruthy();
    expect(screen.getByText('SEND_COMMAND')).toBeTruthy();
  });
});
