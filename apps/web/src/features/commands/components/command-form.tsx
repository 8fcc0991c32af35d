import { Button, Group, Loader, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import type { Device } from '@waymark/contracts/device';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandParameterFields } from '../../../components/command-parameter-input';
import { useErrorText } from '../../../lib/error-text';
import { buildCommandRequest, type CommandDraft, type DraftErrors, parametersOf } from '../command-request';
import { useCommandTypesQuery, useSendableCommandsQuery, useSendCommandMutation } from '../commands.queries';

interface Props {
  devices: readonly Device[];
  initialDeviceId?: number | null;
  /** Accounts with `limitCommands` may send saved commands only. */
  savedOnly?: boolean;
}

/** Sends a saved or an ad-hoc command to one device (POST /api/commands/send). */
export function CommandForm({ devices, initialDeviceId = null, savedOnly = false }: Props) {
  const { t } = useTranslation('devices');
  const describeError = useErrorText();
  const [draft, setDraft] = useState<CommandDraft>(() => ({
    deviceId: initialDeviceId && devices.some((d) => d.id === initialDeviceId) ? String(initialDeviceId) : null,
    mode: savedOnly ? 'saved' : 'custom',
    savedId: null,
    type: null,
    parameters: {},
    expiresAt: '',
  }));
  const [errors, setErrors] = useState<DraftErrors>({});
  const deviceId = draft.deviceId ? Number(draft.deviceId) : null;
  const saved = useSendableCommandsQuery(deviceId);
  const types = useCommandTypesQuery(deviceId);
  const send = useSendCommandMutation();

  const update = (patch: Partial<CommandDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const err = (key: string) => (errors[key] ? t(errors[key] as 'command.errors.deviceRequired') : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = buildCommandRequest(draft);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    send.mutate(built.request, {
      onSuccess: (result) =>
        notifications.show({
          color: result.status === 'QUEUED' ? 'blue' : 'teal',
          message: result.status === 'QUEUED' ? t('command.queued') : t('command.sent'),
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: t('command.failed'), message: describeError(error) }),
    });
  };

  const typeLabel = (type: string) => t(`command.types.${type}`, { defaultValue: type });
  const loadingChoices = deviceId !== null && (saved.isPending || types.isPending);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <Select
          label={t('command.device')}
          placeholder={t('command.devicePlaceholder')}
          data={devices.map((d) => ({ value: String(d.id), label: d.name }))}
          value={draft.deviceId}
          onChange={(value) => update({ deviceId: value, savedId: null, type: null, parameters: {} })}
          searchable
          required
          nothingFoundMessage={t('common.noMatch')}
          error={err('deviceId')}
        />
        {savedOnly ? (
          <Text size="sm" c="dimmed">
            {t('command.savedOnly')}
          </Text>
        ) : (
          <SegmentedControl
            aria-label={t('command.mode')}
            value={draft.mode}
            onChange={(value) => update({ mode: value === 'saved' ? 'saved' : 'custom' })}
            data={[
              { value: 'custom', label: t('command.modeCustom') },
              { value: 'saved', label: t('command.modeSaved') },
            ]}
          />
        )}
        {loadingChoices && <Loader size="sm" aria-label={t('common.loading')} />}
        {(saved.isError || types.isError) && (
          <Text c="red" size="sm" role="alert">
            {describeError(saved.error ?? types.error)}
          </Text>
        )}
        {draft.mode === 'saved' ? (
          <Select
            label={t('command.saved')}
            placeholder={deviceId === null ? t('command.chooseDeviceFirst') : t('command.savedPlaceholder')}
            data={(saved.data ?? []).map((c) => ({
              value: String(c.id),
              label: `${c.description} (${typeLabel(c.type)})`,
            }))}
            value={draft.savedId}
            onChange={(value) => update({ savedId: value })}
            disabled={deviceId === null}
            required
            nothingFoundMessage={t('command.noSaved')}
            error={err('savedId')}
          />
        ) : (
          <>
            <Select
              label={t('command.type')}
              placeholder={deviceId === null ? t('command.chooseDeviceFirst') : t('command.typePlaceholder')}
              data={(types.data ?? []).map(({ type }) => ({ value: type, label: typeLabel(type) }))}
              value={draft.type}
              onChange={(value) => update({ type: value, parameters: {} })}
              disabled={deviceId === null}
              searchable
              required
              nothingFoundMessage={t('common.noMatch')}
              error={err('type')}
            />
            <CommandParameterFields
              names={parametersOf(draft.type)}
              values={draft.parameters}
              errorOf={(name) => err(`parameters.${name}`)}
              onChange={(parameters) => update({ parameters })}
            />
          </>
        )}
        <TextInput
          type="datetime-local"
          label={t('command.expiresAt')}
          description={t('command.expiresAtHint')}
          value={draft.expiresAt}
          onChange={(e) => update({ expiresAt: e.currentTarget.value })}
          error={err('expiresAt')}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
            {t('command.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
