import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { Brand } from '../components/brand';
import { PageLoader } from '../components/page-loader';
import { CookieConsentBanner } from '../features/auth/components/cookie-consent-banner';
import { HeaderActions } from './header-actions';

/** Signed-out pages (sign-in, registration, password, legal): a slim top bar, centred content, consent banner. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Stack mih="100vh" gap={0}>
      <Group component="header" justify="space-between" px="lg" py="md">
        <Brand to="/login" />
        <HeaderActions />
      </Group>
      <Box component="main" flex={1} py="xl" px="md">
        <Container size="md">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
      <Group component="footer" justify="center" gap="lg" py="md" pb={120}>
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} {t('app.name')}
        </Text>
        <Anchor component={Link} to="/terms" size="xs" c="dimmed">
          {t('legal.terms.title')}
        </Anchor>
        <Anchor component={Link} to="/privacy-policy" size="xs" c="dimmed">
          {t('legal.privacy.title')}
        </Anchor>
      </Group>
      <CookieConsentBanner />
    </Stack>
  );
}
