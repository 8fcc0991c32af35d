import { Code, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ComputedAttributeDto } from '@waymark/contracts/computed-attribute';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListHeader } from '../../../components/list-header';
import { ManagedTable } from '../../../components/managed-table';
import { useDeleteConfirm } from '../../../lib/use-delete-confirm';
import { useComputedAttributesQuery, useDeleteComputedAttributeMutation } from '../computed-attributes.queries';
import { ComputedAttributeFormModal } from './computed-attribute-form-modal';

type Editing = { attribute?: ComputedAttributeDto } | null;

/** Computed attributes, in the order they apply (higher priority first): search, create, edit, delete. */
export function ComputedAttributesList() {
  const { t } = useTranslation('computedAttributes');
  const attributes = useComputedAttributesQuery();
  const remove = useDeleteComputedAttributeMutation();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const del = useDeleteConfirm<ComputedAttributeDto>(remove, t('deleted'), t('deleteFailed'));

  const needle = search.trim().toLowerCase();
  const rows = (attributes.data ?? [])
    .filter(
      (a) => !needle || [a.description, a.attribute, a.expression].some((text) => text.toLowerCase().includes(needle)),
    )
    .sort((a, b) => b.priority - a.priority || a.id - b.id);

  const body = (
    <ManagedTable
      namespace="computedAttributes"
      query={attributes}
      rows={rows}
      minWidth={720}
      headers={[
        t('fields.description'),
        t('fields.attribute'),
        t('fields.expression'),
        t('fields.type'),
        t('fields.priority'),
      ]}
      nameOf={(attribute) => attribute.description}
      onEdit={(attribute) => setEditing({ attribute })}
      onDelete={del.ask}
      cells={(attribute) => (
        <>
          <Table.Td>{attribute.description}</Table.Td>
          <Table.Td>{attribute.attribute}</Table.Td>
          <Table.Td>
            <Code>{attribute.expression}</Code>
          </Table.Td>
          <Table.Td>{t(`types.${attribute.type}`)}</Table.Td>
          <Table.Td>{attribute.priority}</Table.Td>
        </>
      )}
    />
  );

  return (
    <Stack>
      <ListHeader title={t('title')} addLabel={t('add')} onAdd={() => setEditing({})} />
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      <TextInput
        leftSection={<IconSearch size={16} />}
        aria-label={t('search')}
        placeholder={t('search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      {body}
      {editing ? <ComputedAttributeFormModal attribute={editing.attribute} onClose={() => setEditing(null)} /> : null}
      <ConfirmModal
        {...del.modal}
        title={t('confirmTitle')}
        message={t('confirmText', { name: del.deleting?.description ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
