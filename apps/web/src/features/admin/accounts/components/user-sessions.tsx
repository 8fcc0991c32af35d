import { ActionIcon, Badge, Table, Text, Tooltip } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { UserSession } from '@waymark/contracts/user-admin';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { revokeSession } from '../accounts.api';
import { accountsKeys } from '../accounts.queries';
import { formatTime } from './user-time';

/** A user's open sessions (where, with what, last used) with a button ending each. */
export function UserSessions({ userId, sessions }: { userId: number; sessions: UserSession[] }) {
  const { t } = useTranslation('adminAccounts');
  const revoke = useAdminMutation({
    mutationFn: revokeSession,
    invalidates: [accountsKeys.details(userId)],
    success: t('details.sessionRevoked'),
    failure: t('details.sessionRevokeFailed'),
  });
  if (sessions.length === 0) return <Text c="dimmed">{t('details.noSessions')}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('details.ip')}</Table.Th>
            <Table.Th>{t('details.userAgent')}</Table.Th>
            <Table.Th>{t('details.lastUsed')}</Table.Th>
            <Table.Th>{t('details.started')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{s.ip ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1} title={s.userAgent ?? undefined}>
                  {s.userAgent ?? '—'}
                </Text>
                {s.impersonatedBy ? (
                  <Badge size="xs" color="warning" variant="light">
                    {t('details.openedBy', { name: s.impersonatedBy.name })}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{formatTime(s.lastUsedAt)}</Table.Td>
              <Table.Td>{formatTime(s.createdAt)}</Table.Td>
              <Table.Td>
                <Tooltip label={t('details.revoke')}>
                  <ActionIcon
                    variant="subtle"
                    color="error"
                    aria-label={t('details.revoke')}
                    loading={revoke.isPending && revoke.variables?.sessionId === s.id}
                    onClick={() => revoke.mutate({ userId, sessionId: s.id })}
                  >
                    <IconLogout size={18} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
