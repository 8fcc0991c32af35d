import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DirectionSync } from './i18n/direction-sync';
import { theme } from './theme/theme';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals in component tests. */
  env?: 'default' | 'test';
}

/** Server state, direction, theme (dark by default) and notifications for the whole app. */
export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionProvider detectDirection>
        <MantineProvider theme={theme} defaultColorScheme="dark" env={env}>
          <DirectionSync />
          <Notifications position="top-right" />
          {children}
        </MantineProvider>
      </DirectionProvider>
    </QueryClientProvider>
  );
}
