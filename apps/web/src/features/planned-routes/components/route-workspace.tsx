import { ColorInput, MultiSelect, NumberInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_ROUTE_COLOR, DEFAULT_ROUTE_WIDTH, type RouteDto } from '@waymark/contracts/route';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapListWorkspace, mapListTexts } from '../../../components/map-list-workspace';
import { SavedItemsPanel, savedItemsTexts } from '../../../components/saved-items-panel';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteConfirm } from '../../../lib/use-delete-confirm';
import { useDevicesQuery } from '../../devices/devices.queries';
import {
  areaTextOf,
  centreOf,
  type GeofenceGeometry,
  geometryOf,
  type LatLon,
} from '../../geofences/geofence-geometry';
import { useGroupsQuery } from '../../groups/groups.queries';
import { useDeleteRouteMutation, useRoutesQuery, useSaveRouteMutation } from '../planned-routes.queries';
import { RouteMap } from './route-map';

interface RouteFormValues {
  name: string;
  description: string;
  width: number | string;
  color: string;
  deviceIds: string[];
  groupIds: string[];
}

const EMPTY: RouteFormValues = {
  name: '',
  description: '',
  width: DEFAULT_ROUTE_WIDTH,
  color: DEFAULT_ROUTE_COLOR,
  deviceIds: [],
  groupIds: [],
};

const valuesOf = (route: RouteDto): RouteFormValues => ({
  name: route.name,
  description: route.description ?? '',
  width: route.width,
  color: route.color,
  deviceIds: route.deviceIds.map(String),
  groupIds: route.groupIds.map(String),
});

const lineOf = (text: string): GeofenceGeometry | null => {
  const geometry = geometryOf(text);
  return geometry?.kind === 'polyline' ? geometry : null;
};

/** /route: planned routes drawn as corridors on the map, the list beside it, the form of the selected one. */
export function RouteWorkspace() {
  const { t } = useTranslation('plannedRoutes');
  const routes = useRoutesQuery();
  const devices = useDevicesQuery();
  const groups = useGroupsQuery();
  const save = useSaveRouteMutation();
  const remove = useDeleteRouteMutation();
  const [selectedId, setSelectedId] = useState<number | 'new' | null>(null);
  const [draft, setDraft] = useState<GeofenceGeometry | null>(null);
  const [focus, setFocus] = useState<LatLon | null>(null);
  const [lineMissing, setLineMissing] = useState(false);
  const form = useForm<RouteFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      name: (value) => (value.trim() ? null : t('errors.name')),
      width: (value) => (Number(value) >= 1 ? null : t('errors.width')),
    },
  });
  const savedTexts = savedItemsTexts(t);

  const selected = typeof selectedId === 'number' ? routes.data?.find((r) => r.id === selectedId) : undefined;

  const select = (id: number) => {
    const route = routes.data?.find((r) => r.id === id);
    if (!route) return;
    setSelectedId(id);
    form.setValues(valuesOf(route));
    form.clearErrors();
    const line = lineOf(route.area);
    setDraft(line);
    if (line) setFocus(centreOf(line));
  };
  const startNew = (line: GeofenceGeometry | null = null) => {
    setSelectedId('new');
    form.setValues(EMPTY);
    form.clearErrors();
    setDraft(line);
  };
  const close = () => {
    setSelectedId(null);
    setDraft(null);
    form.setValues(EMPTY);
  };
  const del = useDeleteConfirm<RouteDto>(remove, t('deleted'), t('deleteFailed'), (item) => {
    if (selectedId === item.id) close();
  });

  const drawn = (geometry: GeofenceGeometry | null) => {
    const line = geometry?.kind === 'polyline' ? geometry : null;
    if (selectedId === null && line) return startNew(line);
    setDraft(line);
    if (line) setLineMissing(false);
  };
  const submit = (values: RouteFormValues) => {
    if (!draft) {
      setLineMissing(true);
      return;
    }
    const input = {
      name: values.name.trim(),
      description: values.description.trim() || null,
      area: areaTextOf(draft),
      width: Number(values.width),
      color: values.color,
      deviceIds: values.deviceIds.map(Number),
      groupIds: values.groupIds.map(Number),
    };
    save.mutate(
      { id: selected?.id, input },
      {
        onSuccess: (saved) => {
          notifySuccess(t('saved'));
          setSelectedId(saved.id);
        },
        onError: (error) => notifyError(error, t('saveFailed')),
      },
    );
  };

  return (
    <MapListWorkspace
      title={t('title')}
      texts={mapListTexts(t)}
      mapTestId="route-map"
      map={
        <RouteMap
          routes={routes.data ?? []}
          selectedId={typeof selectedId === 'number' ? selectedId : null}
          draft={draft}
          draftWidth={Number(form.values.width) || DEFAULT_ROUTE_WIDTH}
          draftColor={form.values.color || DEFAULT_ROUTE_COLOR}
          onDraftChange={drawn}
          onSelect={select}
          focus={focus}
        />
      }
      list={
        <SavedItemsPanel
          texts={savedTexts}
          query={routes}
          selectedId={selectedId}
          onSelect={select}
          onCreate={() => startNew()}
          onDelete={del.ask}
          describe={(route) => `${route.width} m`}
          mark={(route) => (
            <span aria-hidden style={{ width: 12, height: 4, borderRadius: 2, background: route.color }} />
          )}
        />
      }
      selectedId={selectedId}
      onSubmit={form.onSubmit(submit)}
      onCancel={close}
      saving={save.isPending}
      fields={
        <>
          <Text size="sm" c={lineMissing ? 'red' : 'dimmed'}>
            {lineMissing
              ? t('errors.line')
              : draft?.kind === 'polyline'
                ? t('lineDrawn', { count: draft.points.length })
                : t('drawHint')}
          </Text>
          <TextInput label={t('name')} required {...form.getInputProps('name')} />
          <Textarea label={t('description')} rows={2} {...form.getInputProps('description')} />
          <NumberInput
            label={t('width')}
            description={t('widthHint')}
            min={1}
            max={100_000}
            {...form.getInputProps('width')}
          />
          <ColorInput label={t('color')} {...form.getInputProps('color')} />
          <MultiSelect
            label={t('devices')}
            description={t('linksHint')}
            searchable
            data={(devices.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            {...form.getInputProps('deviceIds')}
          />
          <MultiSelect
            label={t('groups')}
            searchable
            data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            {...form.getInputProps('groupIds')}
          />
        </>
      }
      confirm={{ modal: del.modal, name: del.deleting?.name ?? '' }}
    />
  );
}
