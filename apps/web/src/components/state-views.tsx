import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/error-text';

// Their texts are in the devices namespace (common.loading, common.loadFailed, common.retry): device lists were
// the first to use these views, and the default error title names devices.

/** Spinner for a section whose data is loading; `label` names what loads (its accessible name). */
export function LoadingState({ label }: { label?: string } = {}) {
  const { t } = useTranslation('devices');
  return (
    <Center py="xl" role="status" aria-label={label ?? t('common.loading')}>
      <Loader />
    </Center>
  );
}

/** A failed load: the server's message and a retry button. */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const { t } = useTranslation('devices');
  const describeError = useErrorText();
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title ?? t('common.loadFailed')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{describeError(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Nothing to show, with an optional action. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" c="dimmed">
      <IconInbox size={32} aria-hidden />
      <Text>{message}</Text>
      {children}
    </Stack>
  );
}

/** A page's header above its query's loading spinner or, when the load failed, the error with a retry button. */
export function QueryFallback({
  header,
  query,
}: {
  header: ReactNode;
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
}) {
  return (
    <Stack>
      {header}
      {query.isPending ? <LoadingState /> : <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
    </Stack>
  );
}
