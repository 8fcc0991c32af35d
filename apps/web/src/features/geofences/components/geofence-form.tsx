import {
  Button,
  ColorInput,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DEFAULT_GEOFENCE_COLOR } from '@waymark/contracts/geofence';
import { useTranslation } from 'react-i18next';
import type { GeofenceFormValues } from '../geofence-form-values';
import type { GeofenceShape } from '../geofence-geometry';

export interface GeofenceFormProps {
  form: UseFormReturnType<GeofenceFormValues>;
  shape: GeofenceShape | null;
  editing: boolean;
  saving: boolean;
  onSubmit: (values: GeofenceFormValues) => void;
  onAreaTyped: (text: string) => void;
  onCancel: () => void;
}

const SWATCHES = [DEFAULT_GEOFENCE_COLOR, '#e64980', '#fab005', '#40c057', '#7950f2', '#fd7e14', '#868e96'];

/** Name, description, colours, alerts and the area (drawn on the map or typed as Traccar's text). */
export function GeofenceForm({ form, shape, editing, saving, onSubmit, onAreaTyped, onCancel }: GeofenceFormProps) {
  const { t } = useTranslation('geofences');
  const area = form.getInputProps('area');
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)} aria-label={editing ? t('editTitle') : t('newTitle')}>
      <Stack gap="sm">
        <Text fw={600}>{editing ? t('editTitle') : t('newTitle')}</Text>
        <Text size="sm" c="dimmed">
          {shape ? t('shapeDrawn', { shape: t(`shape.${shape}`) }) : t('drawHint')}
        </Text>
        <TextInput label={t('name')} required data-autofocus {...form.getInputProps('name')} />
        <Textarea label={t('description')} rows={2} {...form.getInputProps('description')} />
        <Textarea
          label={t('area')}
          description={t('areaHint')}
          required
          rows={3}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          {...area}
          onChange={(event) => {
            area.onChange(event);
            onAreaTyped(event.currentTarget.value);
          }}
        />
        {shape === 'polyline' && (
          <NumberInput
            label={t('polylineDistance')}
            description={t('polylineDistanceHint')}
            min={1}
            max={100_000}
            suffix=" m"
            {...form.getInputProps('polylineDistance')}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <ColorInput label={t('color')} swatches={SWATCHES} {...form.getInputProps('color')} />
          <ColorInput
            label={t('lineColor')}
            placeholder={t('sameAsColor')}
            swatches={SWATCHES}
            {...form.getInputProps('lineColor')}
          />
          <ColorInput
            label={t('fillColor')}
            placeholder={t('sameAsColor')}
            swatches={SWATCHES}
            {...form.getInputProps('fillColor')}
          />
          <ColorInput
            label={t('vertexColor')}
            placeholder={t('sameAsColor')}
            swatches={SWATCHES}
            {...form.getInputProps('vertexColor')}
          />
        </SimpleGrid>
        <Switch label={t('alertOnEntry')} {...form.getInputProps('alertOnEntry', { type: 'checkbox' })} />
        <Switch label={t('alertOnExit')} {...form.getInputProps('alertOnExit', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
