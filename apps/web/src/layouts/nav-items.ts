import type { Permission } from '@waymark/contracts/permissions';
import type { ComponentType } from 'react';
import { HomeIcon, ShieldIcon } from '../components/icons';

export interface NavItem {
  /** i18n key of the label. */
  label: 'nav.home' | 'nav.security';
  to: string;
  icon: ComponentType<{ size?: number }>;
  /** Any one flag suffices; empty or missing means every signed-in user. */
  permissions?: readonly Permission[];
}

export interface NavSection {
  label?: 'nav.account';
  items: readonly NavItem[];
}

/** Navbar entries. Features add theirs here with the permission flags of their route (SPEC section 2). */
export const navSections: readonly NavSection[] = [
  { items: [{ label: 'nav.home', to: '/home', icon: HomeIcon }] },
  { label: 'nav.account', items: [{ label: 'nav.security', to: '/admin/totp/setup', icon: ShieldIcon }] },
];
