import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { UserDetails } from '@waymark/contracts/user-admin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../../components/list-state';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { useUserDetailsQuery } from '../accounts.queries';
import { UserAudit } from './user-audit';
import { UserDetailActions } from './user-detail-actions';
import { UserSessions } from './user-sessions';
import { UserStatusBadge } from './user-status-badge';
import { formatTime } from './user-time';

/** /admin/users/:id and /admin/users/:id/details: one user's account as an administrator sees it. */
export function UserDetailsView({ id }: { id: number }) {
  const { t } = useTranslation('adminAccounts');
  const details = useUserDetailsQuery(id);
  return (
    <Stack gap="md">
      <AdminPageHeader
        title={details.data?.user.name ?? t('details.title')}
        description={details.data?.user.email}
        back={{ to: '/admin/users', label: t('users.title') }}
        actions={details.data ? <UserDetailActions user={details.data.user} /> : null}
      />
      <ListState
        isPending={details.isPending}
        isError={details.isError}
        isEmpty={false}
        loadingLabel={t('loading')}
        errorText={t('details.loadFailed')}
        emptyText=""
      >
        {() => (details.data ? <DetailsBody d={details.data} /> : null)}
      </ListState>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

const limit = (value: number, unlimited: string) => (value === -1 ? unlimited : String(value));

function DetailsBody({ d }: { d: UserDetails }) {
  const { t } = useTranslation('adminAccounts');
  const onOff = (on: boolean) => (
    <Badge variant="light" color={on ? 'success' : 'gray'}>
      {on ? t('details.on') : t('details.off')}
    </Badge>
  );
  return (
    <Stack gap="md">
      <Section title={t('details.profile')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Field label={t('users.status')}>
            <UserStatusBadge user={d.user} />
          </Field>
          <Field label={t('users.role')}>
            {d.user.administrator ? t('users.administrator') : (d.role?.name ?? t('users.noRole'))}
          </Field>
          <Field label={t('users.tenant')}>{d.tenant?.name ?? t('users.platform')}</Field>
          <Field label={t('details.phone')}>{d.user.phone ?? '—'}</Field>
          <Field label={t('details.lastSignIn')}>
            {d.lastLoginAt ? formatTime(d.lastLoginAt) : t('details.never')}
          </Field>
          <Field label={t('users.created')}>{formatTime(d.user.createdAt)}</Field>
          <Field label={t('users.expiration')}>
            {d.user.expirationTime ? formatTime(d.user.expirationTime) : t('users.never')}
          </Field>
          <Field label={t('users.deviceLimit')}>{limit(d.user.deviceLimit, t('details.unlimited'))}</Field>
          <Field label={t('users.userLimit')}>{limit(d.user.userLimit, t('details.unlimited'))}</Field>
          <Field label={t('details.totp')}>{onOff(d.twoFactor.totp)}</Field>
          <Field label={t('details.emailOtp')}>{onOff(d.twoFactor.emailOtp)}</Field>
        </SimpleGrid>
      </Section>
      <Section title={t('details.sessions', { count: d.sessions.length })}>
        <UserSessions userId={d.user.id} sessions={d.sessions} />
      </Section>
      <Section title={t('details.devices', { count: d.devices.totalElements })}>
        {d.devices.content.length === 0 ? (
          <Text c="dimmed">{t('details.noDevices')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table striped>
              <Table.Tbody>
                {d.devices.content.map((device) => (
                  <Table.Tr key={device.id}>
                    <Table.Td>{device.name}</Table.Td>
                    <Table.Td>{device.uniqueId}</Table.Td>
                    <Table.Td>{device.status}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {d.devices.totalElements > d.devices.content.length ? (
          <Group>
            <Text size="sm" c="dimmed">
              {t('details.moreDevices', { count: d.devices.totalElements - d.devices.content.length })}
            </Text>
          </Group>
        ) : null}
      </Section>
      <Section title={t('details.audit')}>
        <UserAudit userId={d.user.id} />
      </Section>
    </Stack>
  );
}
