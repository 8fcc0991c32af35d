import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/use-page-title';

/** /auth/404: where unknown paths end up. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Stack align="center" gap="sm" ta="center" py="xl">
      <Text fz={72} fw={700} c="primary" lh={1}>
        404
      </Text>
      <Title order={1} fz="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('notFound.text')}
      </Text>
      <Button component={Link} to="/home" mt="md">
        {t('common.goHome')}
      </Button>
    </Stack>
  );
}
