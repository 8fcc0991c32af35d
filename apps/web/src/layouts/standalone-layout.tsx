import { Box, Container, Group, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Brand } from '../components/brand';
import { PageLoader } from '../components/page-loader';
import { UserMenu } from '../features/auth/components/user-menu';
import { HeaderActions } from './header-actions';

/** Signed-in pages shown without the navbar (e.g. two-factor set-up). */
export function StandaloneLayout() {
  return (
    <Stack mih="100vh" gap={0}>
      <Group component="header" justify="space-between" px="lg" py="md" wrap="nowrap">
        <Brand />
        <HeaderActions>
          <UserMenu />
        </HeaderActions>
      </Group>
      <Box component="main" flex={1} py="xl" px="md">
        <Container size="sm">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
    </Stack>
  );
}
