import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../lib/format/time';
import { useForwardingStatusQuery } from '../forwarding.queries';

/** A target's delivery: its outbox backlog, drops, failures in a row, last error and next attempt, kept fresh. */
export function ForwardingStatusCell({ id }: { id: number }) {
  const { t, i18n } = useTranslation('adminForwarding');
  const status = useForwardingStatusQuery(id);
  if (status.isPending) return <Text size="xs">{t('status.loading')}</Text>;
  if (status.isError) {
    return (
      <Text size="xs" c="dimmed">
        {t('status.failed')}
      </Text>
    );
  }
  const s = status.data;
  const at = (iso: string) => formatTime(iso, i18n.language);
  return (
    <Stack gap={0} data-testid={`forwarding-status-${id}`}>
      <Text size="xs" c={s.pending > 0 ? 'orange' : undefined}>
        {t('status.pending', { count: s.pending })}
      </Text>
      <Text size="xs" c={s.dropped > 0 ? 'red' : undefined}>
        {t('status.dropped', { count: s.dropped })}
      </Text>
      <Text size="xs" c={s.failures > 0 ? 'red' : undefined}>
        {t('status.failures', { count: s.failures })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('status.delivered', { count: s.delivered })}
      </Text>
      {s.lastError ? (
        <Text size="xs" c="red" lineClamp={2} title={s.lastError}>
          {t('status.lastError', { at: s.lastErrorAt ? at(s.lastErrorAt) : '—', error: s.lastError })}
        </Text>
      ) : null}
      {s.nextAttemptAt ? <Text size="xs">{t('status.nextAttempt', { at: at(s.nextAttemptAt) })}</Text> : null}
    </Stack>
  );
}
