import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { hasAnyPermission } from '@waymark/contracts/permissions';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { usePermissions } from '../features/permissions/permissions-context';
import { type NavSection, navSections } from './nav-items';

/** Keeps the entries the user may see and drops sections left empty. */
export function visibleSections(sections: readonly NavSection[], held: readonly string[]): NavSection[] {
  return sections
    .map((section) => ({ ...section, items: section.items.filter((item) => hasAnyPermission(held, item.permissions)) }))
    .filter((section) => section.items.length > 0);
}

export interface AppNavbarProps {
  onNavigate?: () => void;
  /** The entries; the user area's by default. */
  sections?: readonly NavSection[];
  /** i18n key of the navigation's accessible name. */
  label?: 'nav.label' | 'nav.adminLabel';
}

/** A permission-filtered navigation; an entry is active on its path and below (`/admin` only on itself). */
export function AppNavbar({ onNavigate, sections: all = navSections, label = 'nav.label' }: AppNavbarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sections = visibleSections(all, usePermissions());
  return (
    <ScrollArea component="nav" aria-label={t(label)} type="scroll">
      <Stack gap="lg">
        {sections.map((section) => (
          <Stack key={section.label ?? section.items[0]?.to} gap={4}>
            {section.label ? (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
                {t(section.label)}
              </Text>
            ) : null}
            {section.items.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                // a label may name the lazily loaded namespace of its area (`adminForwarding:nav`), loaded with it
                label={t(item.label as 'nav.home')}
                leftSection={<item.icon size={18} />}
                active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                onClick={onNavigate}
                style={{ borderRadius: 'var(--mantine-radius-default)' }}
              />
            ))}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
