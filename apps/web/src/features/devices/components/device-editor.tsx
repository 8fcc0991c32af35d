import { Alert, Button, Drawer, Group, Select, SimpleGrid, Stack, Switch, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DEVICE_CATEGORIES, type Device } from '@waymark/contracts/device';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import {
  type DeviceFormValues,
  EDITOR_TABS,
  type EditorTab,
  tabOfField,
  toFormValues,
  validateDevice,
} from '../device-form-values';
import { useCreateDeviceMutation, useUpdateDeviceMutation } from '../devices.queries';
import { DeviceField } from './device-field';

interface Props {
  opened: boolean;
  /** The device to edit; null creates one. */
  device: Device | null;
  onClose: () => void;
}

/** Create or edit a device in a drawer, its fields grouped in tabs; checked with the contract schema. */
export function DeviceEditor({ opened, device, onClose }: Props) {
  const { t } = useTranslation('devices');
  const describeError = useErrorText();
  const [values, setValues] = useState<DeviceFormValues>(() => toFormValues(device));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<EditorTab>('general');
  const create = useCreateDeviceMutation();
  const update = useUpdateDeviceMutation();
  const mutation = device ? update : create;

  useEffect(() => {
    if (!opened) return;
    setValues(toFormValues(device));
    setErrors({});
    setTab('general');
    create.reset();
    update.reset();
  }, [opened, device, create.reset, update.reset]);

  const set = (name: string, value: string | number | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateDevice(values, device);
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      const target = first ? tabOfField(first) : undefined;
      if (target) setTab(target);
      return;
    }
    const done = (message: string) => () => {
      notifications.show({ color: 'teal', message });
      onClose();
    };
    const failed = (error: unknown) => notifications.show({ color: 'red', message: describeError(error) });
    if (device) {
      update.mutate({ id: device.id, input: result.input }, { onSuccess: done(t('editor.updated')), onError: failed });
    } else {
      create.mutate(result.input, { onSuccess: done(t('editor.created')), onError: failed });
    }
  };

  const err = (name: string) => (errors[name] ? t(errors[name] as 'editor.errors.invalid') : undefined);
  const tabHasError = (key: EditorTab) => Object.keys(errors).some((field) => tabOfField(field) === key);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={device ? t('editor.editTitle', { name: device.name }) : t('editor.createTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {mutation.isError && (
            <Alert color="red" role="alert">
              {describeError(mutation.error)}
            </Alert>
          )}
          <Tabs value={tab} onChange={(next) => setTab((next as EditorTab | null) ?? 'general')} keepMounted={false}>
            <Tabs.List>
              {EDITOR_TABS.map(({ key }) => (
                <Tabs.Tab key={key} value={key} c={tabHasError(key) ? 'red' : undefined}>
                  {t(`editor.tabs.${key}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {EDITOR_TABS.map(({ key, fields }) => (
              <Tabs.Panel key={key} value={key} pt="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {fields.map(([name, kind]) => (
                    <DeviceField
                      key={name}
                      name={name}
                      kind={kind}
                      value={values[name]}
                      error={err(name)}
                      onChange={(value) => set(name, value)}
                    />
                  ))}
                  {key === 'general' && (
                    <>
                      <Select
                        label={t('editor.fields.category')}
                        data={DEVICE_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
                        value={typeof values.category === 'string' ? values.category : null}
                        onChange={(value) => set('category', value ?? '')}
                        error={err('category')}
                        searchable
                      />
                      <Switch
                        mt="xl"
                        label={t('editor.fields.disabled')}
                        checked={values.disabled === true}
                        onChange={(e) => set('disabled', e.currentTarget.checked)}
                      />
                    </>
                  )}
                </SimpleGrid>
              </Tabs.Panel>
            ))}
          </Tabs>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {device ? t('common.save') : t('editor.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
