import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MarkerIcon } from './icons';

/** Logo and app name, linking to `to`. */
export function Brand({ to = '/home' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={to} aria-label={t('app.name')}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="filled">
          <MarkerIcon size={20} />
        </ThemeIcon>
        <Text fw={700} fz="lg">
          {t('app.name')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
