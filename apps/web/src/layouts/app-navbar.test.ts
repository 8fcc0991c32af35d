import { describe, expect, it } from 'vitest';
import { HomeIcon } from '../components/icons';
import { visibleSections } from './app-navbar';
import type { NavSection } from './nav-items';

const sections: NavSection[] = [
  { items: [{ label: 'nav.home', to: '/home', icon: HomeIcon }] },
  {
    label: 'nav.account',
    items: [
      { label: 'nav.security', to: '/devices', icon: HomeIcon, permissions: ['VIEW_DEVICES'] },
      { label: 'nav.security', to: '/command', icon: HomeIcon, permissions: ['SEND_COMMAND', 'TRACK_DEVICES'] },
    ],
  },
];

const paths = (result: NavSection[]) => result.flatMap((section) => section.items.map((item) => item.to));

describe('visibleSections', () => {
  it('keeps entries without flags and those the user holds one flag of', () => {
    expect(paths(visibleSections(sections, ['TRACK_DEVICES']))).toEqual(['/home', '/command']);
    expect(paths(visibleSections(sections, ['VIEW_DEVICES', 'SEND_COMMAND']))).toEqual([
      '/home',
      '/devices',
      '/command',
    ]);
  });

  it('drops sections left empty', () => {
    const result = visibleSections(sections, []);
    expect(result).toHaveLength(1);
    expect(paths(result)).toEqual(['/home']);
  });
});
