import { Code, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserAuditQuery } from '../accounts.queries';
import { formatTime } from './user-time';

/** The audit trail about or by a user, newest first, ten rows a page. */
export function UserAudit({ userId }: { userId: number }) {
  const { t } = useTranslation('adminAccounts');
  const [page, setPage] = useState(0);
  const audit = useUserAuditQuery(userId, page);
  const rows = audit.data?.content ?? [];
  if (audit.isError) return <Text c="error">{t('details.auditFailed')}</Text>;
  if (!audit.isPending && rows.length === 0) return <Text c="dimmed">{t('details.noAudit')}</Text>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={520}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('details.when')}</Table.Th>
              <Table.Th>{t('details.action')}</Table.Th>
              <Table.Th>{t('details.by')}</Table.Th>
              <Table.Th>{t('details.ip')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{formatTime(row.createdAt)}</Table.Td>
                <Table.Td>
                  <Code>{row.action}</Code>
                </Table.Td>
                <Table.Td>
                  {row.userId === userId ? t('details.byUser') : row.userId === null ? '—' : `#${row.userId}`}
                </Table.Td>
                <Table.Td>{row.ip ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(audit.data?.totalPages ?? 0) > 1 ? (
        <Group justify="flex-end">
          <Pagination size="sm" total={audit.data?.totalPages ?? 0} value={page + 1} onChange={(v) => setPage(v - 1)} />
        </Group>
      ) : null}
    </Stack>
  );
}
