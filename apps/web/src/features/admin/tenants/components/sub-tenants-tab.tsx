import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Tenant } from '@waymark/contracts/tenant';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListState } from '../../../../components/list-state';
import { useChildrenQuery } from '../tenants.queries';
import { TenantFormModal } from './tenant-form-modal';
import { useTenantWrites } from './tenant-mutations';

/** The tenants directly under this one, each a link to its own page; a new one is created under this tenant. */
export function SubTenantsTab({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation('adminTenants');
  const { t: ta } = useTranslation('admin');
  const query = useChildrenQuery(tenant.id);
  const [creating, setCreating] = useState(false);
  const writes = useTenantWrites(() => setCreating(false));
  const rows = query.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('create')}
        </Button>
      </Group>
      <ListState
        isPending={query.isPending}
        isError={query.isError}
        isEmpty={rows.length === 0}
        loadingLabel={ta('loading')}
        errorText={t('errors.loadTenants')}
        emptyText={t('subTenants.empty')}
      >
        {() => (
          <Table.ScrollContainer minWidth={420}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.counts')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((child) => (
                  <Table.Tr key={child.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={`/admin/tenants/${child.id}`} size="sm">
                          {child.name}
                        </Anchor>
                        {child.reseller ? (
                          <Badge size="sm" variant="light">
                            {t('reseller')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{`${child.counts.users} / ${child.counts.devices} / ${child.counts.groups}`}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={child.active ? 'success' : 'gray'}>
                        {child.active ? t('active') : t('inactive')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListState>
      {creating ? (
        <TenantFormModal
          opened
          parentTenantId={tenant.id}
          onClose={() => setCreating(false)}
          submitting={writes.create.isPending}
          onCreate={(input) => writes.create.mutate(input)}
          onUpdate={() => undefined}
        />
      ) : null}
    </Stack>
  );
}
