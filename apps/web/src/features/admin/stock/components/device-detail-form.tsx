import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DEVICE_CATEGORIES } from '@waymark/contracts/device';
import type { StockDeviceDetail, StockDeviceUpdate } from '@waymark/contracts/stock-device';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { updateStockDevice } from '../stock.api';
import { stockKeys } from '../stock.queries';

type Kind = 'text' | 'number' | 'date' | 'category';
/** The editable detail fields by section, each with its input kind. */
const SECTIONS: [string, [keyof StockDeviceUpdate, Kind][]][] = [
  [
    'identity',
    [
      ['name', 'text'],
      ['phone', 'text'],
      ['contact', 'text'],
      ['category', 'category'],
    ],
  ],
  [
    'vehicle',
    [
      ['plateNumber', 'text'],
      ['vin', 'text'],
      ['engineNumber', 'text'],
      ['color', 'text'],
      ['brand', 'text'],
      ['vehicleModel', 'text'],
    ],
  ],
  [
    'installation',
    [
      ['installedBy', 'text'],
      ['installedAt', 'date'],
      ['installationCompany', 'text'],
      ['installationPosition', 'text'],
      ['installationAddress', 'text'],
      ['installationImage', 'text'],
    ],
  ],
  [
    'fuel',
    [
      ['fuelTankShape', 'text'],
      ['fuelTankLength', 'number'],
      ['fuelTankWidth', 'number'],
      ['fuelTankHeight', 'number'],
      ['fuelTankDiameter', 'number'],
      ['fuelTankVolume', 'number'],
    ],
  ],
  [
    'thresholds',
    [
      ['fuelDropThreshold', 'number'],
      ['fuelIncreaseThreshold', 'number'],
      ['temperatureDropThreshold', 'number'],
      ['temperatureIncreaseThreshold', 'number'],
    ],
  ],
  [
    'tires',
    [
      ['frontTireChangeDate', 'date'],
      ['frontTireDistance', 'number'],
      ['rearTireChangeDate', 'date'],
      ['rearTireDistance', 'number'],
    ],
  ],
  [
    'mot',
    [
      ['motIssueDate', 'date'],
      ['motExpiryDate', 'date'],
      ['permitNumber', 'text'],
      ['permitCoverage', 'text'],
    ],
  ],
];

type Values = Record<string, string | number | null>;

function initial(device: StockDeviceDetail): Values {
  const values: Values = {};
  for (const [, fields] of SECTIONS) {
    for (const [key, kind] of fields) {
      const value = device[key as keyof StockDeviceDetail] as string | number | null;
      values[key] = kind === 'date' && typeof value === 'string' ? value.slice(0, 10) : (value ?? null);
    }
  }
  return values;
}

/** The changed fields as the API takes them: empty text is null, days are midnight UTC. */
function changes(device: StockDeviceDetail, values: Values): StockDeviceUpdate {
  const start = initial(device);
  const out: Record<string, unknown> = {};
  for (const [, fields] of SECTIONS) {
    for (const [key, kind] of fields) {
      const value = values[key];
      if (value === start[key]) continue;
      if (value === '' || value === null || value === undefined) out[key] = key === 'name' ? undefined : null;
      else out[key] = kind === 'date' ? `${value}T00:00:00Z` : value;
    }
  }
  return out as StockDeviceUpdate;
}

/** The detail fields of a device, editable by section. */
export function DeviceDetailForm({ device }: { device: StockDeviceDetail }) {
  const { t } = useTranslation('adminStock');
  const { t: ta } = useTranslation('admin');
  const [values, setValues] = useState<Values>(() => initial(device));
  const set = (key: string, value: string | number | null) => setValues((v) => ({ ...v, [key]: value }));
  const save = useAdminMutation({
    mutationFn: (body: StockDeviceUpdate) => updateStockDevice(device.id, body),
    invalidates: [stockKeys.all],
    success: t('messages.updated'),
    failure: t('messages.updateFailed'),
  });
  const input = (key: string, kind: Kind) => {
    const label = t(`detail.fields.${key}` as 'detail.fields.name');
    const value = values[key];
    if (kind === 'number') {
      return (
        <NumberInput
          key={key}
          label={label}
          min={0}
          value={value ?? ''}
          onChange={(v) => set(key, v === '' ? null : Number(v))}
        />
      );
    }
    if (kind === 'category') {
      return (
        <Select
          key={key}
          label={label}
          clearable
          searchable
          value={(value as string | null) ?? null}
          onChange={(v) => set(key, v)}
          data={[...DEVICE_CATEGORIES]}
        />
      );
    }
    return (
      <TextInput
        key={key}
        label={label}
        type={kind === 'date' ? 'date' : 'text'}
        required={key === 'name'}
        value={(value as string | null) ?? ''}
        onChange={(event) => set(key, event.currentTarget.value)}
      />
    );
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(changes(device, values));
      }}
    >
      <Stack gap="lg">
        {SECTIONS.map(([section, fields]) => (
          <Stack key={section} gap="xs">
            <Title order={4}>{t(`detail.sections.${section}` as 'detail.sections.identity')}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {fields.map(([key, kind]) => input(key, kind))}
            </SimpleGrid>
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {ta('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
