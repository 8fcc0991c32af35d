import { Box, Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { GeofenceDto } from '@waymark/contracts/geofence';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useErrorText } from '../../../lib/error-text';
import {
  attributesOf,
  emptyGeofenceValues,
  type GeofenceFormValues,
  toGeofenceInput,
  validateGeofence,
  valuesOf,
} from '../geofence-form-values';
import { areaTextOf, centreOf, type GeofenceGeometry, geometryOf, type LatLon } from '../geofence-geometry';
import { useDeleteGeofenceMutation, useGeofencesQuery, useSaveGeofenceMutation } from '../geofences.queries';
import { GeofenceDevices } from './geofence-devices';
import { GeofenceForm } from './geofence-form';
import { GeofenceList } from './geofence-list';
import { GeofenceMap } from './geofence-map';

function focusFromQuery(params: URLSearchParams): { center: LatLon; zoom: number } | null {
  const lat = Number(params.get('lat'));
  const lon = Number(params.get('lon'));
  if (!params.has('lat') || !params.has('lon') || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { center: [lat, lon], zoom: 15 };
}

/** The geofence page: map with drawing tools, the list beside it, and the form of the selected geofence. */
export function GeofenceWorkspace() {
  const { t } = useTranslation('geofences');
  const describeError = useErrorText();
  const [params] = useSearchParams();
  const geofences = useGeofencesQuery();
  const save = useSaveGeofenceMutation();
  const remove = useDeleteGeofenceMutation();
  const [selectedId, setSelectedId] = useState<number | 'new' | null>(null);
  const [draft, setDraft] = useState<GeofenceGeometry | null>(null);
  const [focus, setFocus] = useState(() => focusFromQuery(params));
  const [toDelete, setToDelete] = useState<GeofenceDto | null>(null);
  const form = useForm<GeofenceFormValues>({
    mode: 'controlled',
    initialValues: emptyGeofenceValues,
    validate: (values) =>
      Object.fromEntries(Object.entries(validateGeofence(values)).map(([field, key]) => [field, t(`errors.${key}`)])),
  });
  const selected = typeof selectedId === 'number' ? geofences.data?.find((g) => g.id === selectedId) : undefined;
  const previewAttributes = useMemo(() => attributesOf(form.values), [form.values]);

  const select = (id: number) => {
    const geofence = geofences.data?.find((g) => g.id === id);
    if (!geofence) return;
    setSelectedId(id);
    form.setValues(valuesOf(geofence));
    form.resetDirty(valuesOf(geofence));
    form.clearErrors();
    const geometry = geometryOf(geofence.area);
    setDraft(geometry);
    if (geometry) setFocus({ center: centreOf(geometry), zoom: 14 });
  };
  const startNew = (geometry: GeofenceGeometry | null = null) => {
    setSelectedId('new');
    form.setValues({ ...emptyGeofenceValues, area: geometry ? areaTextOf(geometry) : '' });
    form.clearErrors();
    setDraft(geometry);
  };
  const close = () => {
    setSelectedId(null);
    setDraft(null);
    form.setValues(emptyGeofenceValues);
    form.clearErrors();
  };
  const drawn = (geometry: GeofenceGeometry | null) => {
    if (selectedId === null && geometry) return startNew(geometry);
    setDraft(geometry);
    form.setFieldValue('area', geometry ? areaTextOf(geometry) : '');
  };
  const typed = (text: string) => {
    const geometry = geometryOf(text);
    if (geometry) setDraft(geometry);
  };
  const submit = (values: GeofenceFormValues) =>
    save.mutate(
      { id: selected?.id, input: toGeofenceInput(values, selected) },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('saved') });
          setSelectedId(saved.id);
          form.resetDirty(values);
        },
        onError: (error) => notifications.show({ color: 'red', title: t('saveFailed'), message: describeError(error) }),
      },
    );
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('deleted') });
        if (selectedId === toDelete.id) close();
        setToDelete(null);
      },
      onError: (error) => notifications.show({ color: 'red', title: t('deleteFailed'), message: describeError(error) }),
    });
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Box h={{ base: 360, sm: 480 }} style={{ borderRadius: 8, overflow: 'hidden' }} data-testid="geofence-map">
        <GeofenceMap
          geofences={geofences.data ?? []}
          selectedId={typeof selectedId === 'number' ? selectedId : null}
          draft={draft}
          draftAttributes={previewAttributes}
          onDraftChange={drawn}
          onSelect={select}
          focus={focus}
        />
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder padding="md">
          <GeofenceList
            geofences={geofences.data}
            pending={geofences.isPending}
            error={geofences.error}
            selectedId={selectedId}
            onSelect={select}
            onCreate={() => startNew()}
            onDelete={setToDelete}
            onRetry={() => void geofences.refetch()}
          />
        </Card>
        {selectedId !== null && (
          <Stack gap="md">
            <Card withBorder padding="md">
              <GeofenceForm
                form={form}
                shape={draft?.kind ?? null}
                editing={selectedId !== 'new'}
                saving={save.isPending}
                onSubmit={submit}
                onAreaTyped={typed}
                onCancel={close}
              />
            </Card>
            {selected && (
              <Card withBorder padding="md">
                <GeofenceDevices geofenceId={selected.id} />
              </Card>
            )}
          </Stack>
        )}
      </SimpleGrid>
      <ConfirmModal
        opened={toDelete !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
