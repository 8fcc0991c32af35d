import { Alert, Anchor, Badge, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { SavedCommandDto } from '@waymark/contracts/saved-command';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListHeader } from '../../../components/list-header';
import { ManagedTable } from '../../../components/managed-table';
import { useDeleteConfirm } from '../../../lib/use-delete-confirm';
import { useCurrentUser } from '../../auth/session-context';
import { useDeleteSavedCommandMutation, useSavedCommandsQuery } from '../saved-commands.queries';
import { SavedCommandFormModal } from './saved-command-form-modal';

type Editing = { command?: SavedCommandDto } | null;

/**
 * The tenant's saved commands: search, create, edit, delete (confirmed). An account limited to saved commands
 * sees them without changing them (the API refuses it too).
 */
export function SavedCommandsList() {
  const { t } = useTranslation(['savedCommands', 'devices']);
  const user = useCurrentUser();
  const readOnly = user.limitCommands && !user.administrator;
  const commands = useSavedCommandsQuery();
  const remove = useDeleteSavedCommandMutation();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const del = useDeleteConfirm<SavedCommandDto>(remove, t('deleted'), t('deleteFailed'));
  const typeLabel = (type: string) => t(`devices:command.types.${type}`, { defaultValue: type });
  const parameterLabel = (key: string) => t(`devices:command.parameters.${key}`, { defaultValue: key });

  const needle = search.trim().toLowerCase();
  const rows = (commands.data ?? []).filter(
    (c) => !needle || c.description.toLowerCase().includes(needle) || typeLabel(c.type).toLowerCase().includes(needle),
  );

  const body = (
    <ManagedTable
      namespace="savedCommands"
      query={commands}
      rows={rows}
      minWidth={640}
      headers={[t('fields.description'), t('devices:command.type'), t('fields.parameters'), t('fields.channel')]}
      nameOf={(command) => command.description}
      onEdit={readOnly ? undefined : (command) => setEditing({ command })}
      onDelete={readOnly ? undefined : del.ask}
      cells={(command) => (
        <>
          <Table.Td>{command.description}</Table.Td>
          <Table.Td>{typeLabel(command.type)}</Table.Td>
          <Table.Td>
            {Object.entries(command.attributes)
              .map(([key, value]) => `${parameterLabel(key)}: ${String(value)}`)
              .join(', ') || '—'}
          </Table.Td>
          <Table.Td>
            <Badge variant="light" color={command.textChannel ? 'orange' : 'blue'} size="sm">
              {command.textChannel ? t('channelSms') : t('channelData')}
            </Badge>
          </Table.Td>
        </>
      )}
    />
  );

  return (
    <Stack>
      {readOnly ? (
        <Title order={2}>{t('title')}</Title>
      ) : (
        <ListHeader title={t('title')} addLabel={t('add')} onAdd={() => setEditing({})} />
      )}
      <Group justify="space-between" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          aria-label={t('search')}
          placeholder={t('search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={360}
        />
        <Anchor component={Link} to="/command" size="sm">
          {t('sendLink')}
        </Anchor>
      </Group>
      {readOnly ? <Alert color="blue">{t('readOnly')}</Alert> : null}
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      {body}
      {editing ? <SavedCommandFormModal command={editing.command} onClose={() => setEditing(null)} /> : null}
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
