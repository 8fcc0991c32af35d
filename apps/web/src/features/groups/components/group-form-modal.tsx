import { Divider, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type GroupDto, groupInputSchema } from '@waymark/contracts/group';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { TripSettingsFields } from '../../../components/trip-settings-fields';
import { zodValidate } from '../../../lib/forms';
import { notifyOutcome } from '../../../lib/notify';
import { preferencesOf } from '../../../lib/preferences';
import {
  attributesWithTripSettings,
  type TripSettings,
  tripSettingsErrors,
  tripSettingsFromAttributes,
} from '../../../lib/trip-settings';
import { useCurrentUser } from '../../auth/session-context';
import { attributesFromSettings, type GroupSettings, settingsFromAttributes } from '../group-settings';
import { flattenTree, selfAndDescendants } from '../group-tree';
import { useSaveGroupMutation } from '../groups.queries';

interface Values extends GroupSettings, TripSettings {
  name: string;
  parentGroupId: string | null;
}

export interface GroupFormModalProps {
  group?: GroupDto;
  /** Parent preselected when adding a subgroup. */
  parentId?: number;
  groups: readonly GroupDto[];
  onClose: () => void;
}

/** Create or edit a group: name, parent, and the event settings its devices inherit. */
export function GroupFormModal({ group, parentId, groups, onClose }: GroupFormModalProps) {
  const { t } = useTranslation('groups');
  const { speedUnit } = preferencesOf(useCurrentUser());
  const save = useSaveGroupMutation();
  const excluded = group ? selfAndDescendants(groups, group.id) : new Set<number>();
  const parents = flattenTree(groups)
    .filter(({ group: g }) => !excluded.has(g.id))
    .map(({ group: g, depth }) => ({ value: String(g.id), label: `${'— '.repeat(depth)}${g.name}` }));
  const toInput = (v: Values) => ({
    name: v.name,
    parentGroupId: v.parentGroupId === null ? null : Number(v.parentGroupId),
    attributes: attributesWithTripSettings(attributesFromSettings(group?.attributes ?? {}, v, speedUnit), v),
  });
  const form = useForm<Values>({
    initialValues: {
      name: group?.name ?? '',
      parentGroupId: group?.parentGroupId != null ? String(group.parentGroupId) : parentId ? String(parentId) : null,
      ...settingsFromAttributes(group?.attributes ?? {}, speedUnit),
      ...tripSettingsFromAttributes(group?.attributes ?? {}),
    },
    validate: (v) => {
      const errors: Record<string, string> = zodValidate(groupInputSchema, toInput, () => t('validation.name'))(v);
      for (const key of ['speedLimit', 'overspeedMinimalDuration', 'geofenceDwell', 'inactivityPeriod'] as const) {
        if (v[key] !== '' && Number(v[key]) < 0) errors[key] = t('validation.notNegative');
      }
      return { ...errors, ...tripSettingsErrors(v, t('validation.notNegative')) };
    },
  });
  const submit = form.onSubmit((v) => {
    const parsed = groupInputSchema.parse(toInput(v));
    save.mutate(
      { group, input: parsed },
      notifyOutcome(group ? t('updated') : t('created'), group ? t('updateFailed') : t('createFailed'), onClose),
    );
  });
  const speedLabel = t(`speedUnits.${speedUnit}`);
  return (
    <Modal opened onClose={onClose} title={group ? t('edit') : t('add')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('name')} required data-autofocus {...form.getInputProps('name')} />
          <Select
            label={t('parent')}
            placeholder={t('noParent')}
            data={parents}
            clearable
            searchable
            {...form.getInputProps('parentGroupId')}
          />
          <Divider label={t('settingsTitle')} labelPosition="left" mt="sm" />
          <Text size="xs" c="dimmed">
            {t('settingsHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('speedLimit', { unit: speedLabel })}
              min={0}
              decimalScale={1}
              {...form.getInputProps('speedLimit')}
            />
            <NumberInput
              label={t('overspeedMinimalDuration')}
              min={0}
              allowDecimal={false}
              {...form.getInputProps('overspeedMinimalDuration')}
            />
            <NumberInput
              label={t('geofenceDwell')}
              min={0}
              allowDecimal={false}
              {...form.getInputProps('geofenceDwell')}
            />
            <NumberInput
              label={t('inactivityPeriod')}
              min={0}
              allowDecimal={false}
              {...form.getInputProps('inactivityPeriod')}
            />
          </SimpleGrid>
          <TripSettingsFields form={form} />
          <FormActions cancelLabel={t('cancel')} saveLabel={t('save')} onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
