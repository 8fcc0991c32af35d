import { Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { SavedCommandDto } from '@waymark/contracts/saved-command';
import { protocolCatalogue } from '@waymark/protocols/catalogue';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandParameterFields } from '../../../components/command-parameter-input';
import { FormActions } from '../../../components/form-actions';
import { useErrorText } from '../../../lib/error-text';
import { notifyOutcome } from '../../../lib/notify';
import { parametersOf } from '../../commands/command-request';
import { useCommandTypeChoicesQuery } from '../../commands/commands.queries';
import { useDevicesQuery } from '../../devices/devices.queries';
import {
  buildSavedCommandInput,
  draftOf,
  type SavedCommandDraft,
  type SavedCommandErrors,
} from '../saved-command-draft';
import { useSaveSavedCommandMutation } from '../saved-commands.queries';

/**
 * Create or edit a saved command: its type with the parameters the type needs, the channel (data or SMS) and a
 * description. A device, or else a protocol (a device type), may be picked to list only the types that protocol
 * takes (on that channel).
 */
/** The protocols the ingest serves, by name: the device types a saved command may be written for. */
const PROTOCOLS = Object.keys(protocolCatalogue).sort();

export function SavedCommandFormModal({ command, onClose }: { command?: SavedCommandDto; onClose: () => void }) {
  const { t } = useTranslation(['savedCommands', 'devices']);
  const describeError = useErrorText();
  const save = useSaveSavedCommandMutation();
  const devices = useDevicesQuery();
  const [draft, setDraft] = useState<SavedCommandDraft>(() => draftOf(command));
  const [errors, setErrors] = useState<SavedCommandErrors>({});
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [protocol, setProtocol] = useState<string | null>(null);
  const types = useCommandTypeChoicesQuery(deviceId ? Number(deviceId) : null, draft.textChannel, protocol);

  const update = (patch: Partial<SavedCommandDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const err = (key: string) => (errors[key] ? t(errors[key] as 'savedCommands:errors.invalid') : undefined);
  const typeLabel = (type: string) => t(`devices:command.types.${type}`, { defaultValue: type });
  const choices = (types.data ?? []).map(({ type }) => type);
  // the command's own type stays choosable when a device's protocol does not take it
  if (draft.type && !choices.includes(draft.type)) choices.push(draft.type);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = buildSavedCommandInput(draft, command);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    save.mutate(
      { id: command?.id, input: built.input },
      notifyOutcome(command ? t('updated') : t('created'), command ? t('updateFailed') : t('createFailed'), onClose),
    );
  };

  return (
    <Modal opened onClose={onClose} title={command ? t('edit') : t('add')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('fields.description')}
            required
            data-autofocus
            value={draft.description}
            onChange={(e) => update({ description: e.currentTarget.value })}
            error={err('description')}
          />
          <Switch
            label={t('fields.textChannel')}
            description={t('textChannelHint')}
            checked={draft.textChannel}
            onChange={(e) => update({ textChannel: e.currentTarget.checked })}
          />
          <Select
            label={t('fields.device')}
            description={t('deviceHint')}
            placeholder={t('anyDevice')}
            data={(devices.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            value={deviceId}
            onChange={(id) => {
              setDeviceId(id);
              if (id) setProtocol(null);
            }}
            searchable
            clearable
            nothingFoundMessage={t('noMatch')}
          />
          <Select
            label={t('fields.protocol')}
            description={t('protocolHint')}
            placeholder={t('anyProtocol')}
            data={PROTOCOLS}
            value={protocol}
            onChange={(name) => {
              setProtocol(name);
              if (name) setDeviceId(null);
            }}
            searchable
            clearable
            nothingFoundMessage={t('noMatch')}
          />
          {types.isError ? (
            <Text c="red" size="sm" role="alert">
              {describeError(types.error)}
            </Text>
          ) : null}
          <Select
            label={t('devices:command.type')}
            placeholder={t('devices:command.typePlaceholder')}
            data={choices.map((type) => ({ value: type, label: typeLabel(type) }))}
            value={draft.type}
            onChange={(type) => update({ type, parameters: {} })}
            searchable
            required
            nothingFoundMessage={t('noMatch')}
            error={err('type')}
          />
          <CommandParameterFields
            names={parametersOf(draft.type)}
            values={draft.parameters}
            errorOf={(name) => err(`parameters.${name}`)}
            onChange={(parameters) => update({ parameters })}
          />
          <FormActions cancelLabel={t('cancel')} saveLabel={t('save')} onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
