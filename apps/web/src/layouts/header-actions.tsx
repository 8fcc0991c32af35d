import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { LanguageSwitch } from '../components/language-switch';

/** Language switch and dark/light toggle, followed by `children` (the user menu when signed in). */
export function HeaderActions({ children }: { children?: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <LanguageSwitch />
      <ColorSchemeToggle />
      {children}
    </Group>
  );
}
