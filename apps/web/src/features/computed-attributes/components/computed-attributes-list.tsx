import { Code, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ComputedAttributeDto } from '@waymark/contracts/computed-attribute';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListHeader } from '../../../components/list-header';
import { ListState } from '../../../components/list-state';
import { ListTable } from '../../../components/list-table';
import { RowActions } from '../../../components/row-actions';
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
    <ListState
      isPending={attributes.isPending}
      isError={attributes.isError}
      isEmpty={attributes.data?.length === 0}
      noMatch={rows.length === 0}
      loadingLabel={t('loading')}
      errorText={t('loadFailed')}
      emptyText={t('empty')}
      noMatchText={t('noMatch')}
    >
      {() => (
        <ListTable
          minWidth={720}
          headers={[
            t('fields.description'),
            t('fields.attribute'),
            t('fields.expression'),
            t('fields.type'),
            t('fields.priority'),
            t('actions'),
          ]}
        >
          {rows.map((attribute) => (
            <Table.Tr key={attribute.id}>
              <Table.Td>{attribute.description}</Table.Td>
              <Table.Td>{attribute.attribute}</Table.Td>
              <Table.Td>
                <Code>{attribute.expression}</Code>
              </Table.Td>
              <Table.Td>{t(`types.${attribute.type}`)}</Table.Td>
              <Table.Td>{attribute.priority}</Table.Td>
              <Table.Td>
                <RowActions
                  editLabel={t('editNamed', { name: attribute.description })}
                  deleteLabel={t('deleteNamed', { name: attribute.description })}
                  onEdit={() => setEditing({ attribute })}
                  onDelete={() => del.ask(attribute)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListState>
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
