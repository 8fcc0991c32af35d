import { Affix, Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { acceptNecessaryCookies, useHasCookieConsent } from '../cookie-consent';

/** Asks for consent to the necessary cookies until it is given; signing in needs it. */
export function CookieConsentBanner() {
  const { t } = useTranslation();
  const accepted = useHasCookieConsent();
  if (accepted) return null;
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={300}>
      <Paper
        withBorder
        shadow="lg"
        p="md"
        maw={720}
        mx="auto"
        role="region"
        aria-label={t('consent.title')}
        aria-live="polite"
      >
        <Group justify="space-between" wrap="wrap" gap="md">
          <Text size="sm" style={{ flex: '1 1 320px' }}>
            {t('consent.text')}{' '}
            <Anchor component={Link} to="/privacy-policy" size="sm">
              {t('consent.learnMore')}
            </Anchor>
          </Text>
          <Button onClick={acceptNecessaryCookies}>{t('consent.accept')}</Button>
        </Group>
      </Paper>
    </Affix>
  );
}
