import 'leaflet/dist/leaflet.css';
import { Group, NumberInput, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { POI_CATEGORIES, type PoiCategory, type PoiDto } from '@waymark/contracts/poi';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { MapListWorkspace, mapListTexts } from '../../../components/map-list-workspace';
import { POI_ICONS, PoiMarkers } from '../../../components/poi-markers';
import { SavedItemsPanel, savedItemsTexts } from '../../../components/saved-items-panel';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteConfirm } from '../../../lib/use-delete-confirm';
import { useDeletePoiMutation, usePoisQuery, useSavePoiMutation } from '../pois.queries';
import { PoiImport } from './poi-import';

interface PoiFormValues {
  name: string;
  description: string;
  category: PoiCategory;
  latitude: number | string;
  longitude: number | string;
}

const EMPTY: PoiFormValues = { name: '', description: '', category: 'other', latitude: '', longitude: '' };

function CategoryIcon({ category }: { category: PoiCategory }) {
  const { icon: Icon, color } = POI_ICONS[category];
  return <Icon size={18} color={color} aria-hidden />;
}

/** A click on the map places the POI being edited. */
function PlaceOnClick({ onPlace }: { onPlace: (lat: number, lon: number) => void }) {
  useMapEvents({ click: (e) => onPlace(e.latlng.lat, e.latlng.lng) });
  return null;
}

function Focus({ focus }: { focus: [number, number] | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.setView(focus, Math.max(map.getZoom(), 14));
  }, [focus, map]);
  return null;
}

const inRange = (value: number | string, limit: number) =>
  value !== '' && Number.isFinite(Number(value)) && Math.abs(Number(value)) <= limit;

/** /poi: points of interest on a map (a click places the one being edited), their list and form. */
export function PoiWorkspace() {
  const { t } = useTranslation('pois');
  const pois = usePoisQuery();
  const save = useSavePoiMutation();
  const remove = useDeletePoiMutation();
  const [selectedId, setSelectedId] = useState<number | 'new' | null>(null);
  const [focus, setFocus] = useState<[number, number] | null>(null);
  const form = useForm<PoiFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      name: (value) => (value.trim() ? null : t('errors.name')),
      latitude: (value) => (inRange(value, 90) ? null : t('errors.latitude')),
      longitude: (value) => (inRange(value, 180) ? null : t('errors.longitude')),
    },
  });
  const savedTexts = savedItemsTexts(t);

  const categories = POI_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }));

  const select = (id: number) => {
    const poi = pois.data?.find((p) => p.id === id);
    if (!poi) return;
    setSelectedId(id);
    form.setValues({
      name: poi.name,
      description: poi.description ?? '',
      category: poi.category,
      latitude: poi.latitude,
      longitude: poi.longitude,
    });
    form.clearErrors();
    setFocus([poi.latitude, poi.longitude]);
  };
  const place = (lat: number, lon: number) => {
    if (selectedId === null) {
      setSelectedId('new');
      form.setValues(EMPTY);
    }
    form.setFieldValue('latitude', Number(lat.toFixed(6)));
    form.setFieldValue('longitude', Number(lon.toFixed(6)));
  };
  const close = () => {
    setSelectedId(null);
    form.setValues(EMPTY);
  };
  const del = useDeleteConfirm<PoiDto>(remove, t('deleted'), t('deleteFailed'), (item) => {
    if (selectedId === item.id) close();
  });

  const submit = (values: PoiFormValues) => {
    const input = {
      name: values.name.trim(),
      description: values.description.trim() || null,
      category: values.category,
      latitude: Number(values.latitude),
      longitude: Number(values.longitude),
    };
    save.mutate(
      { id: typeof selectedId === 'number' ? selectedId : undefined, input },
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
      actions={<PoiImport />}
      mapTestId="poi-map"
      map={
        <MapContainer center={[20, 0]} zoom={2} style={{ height: '100%', minHeight: 360, width: '100%' }}>
          <TileLayer
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
            url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
          />
          <Focus focus={focus} />
          <PlaceOnClick onPlace={place} />
          <PoiMarkers pois={pois.data ?? []} onSelect={select} />
        </MapContainer>
      }
      list={
        <SavedItemsPanel
          texts={savedTexts}
          query={pois}
          selectedId={selectedId}
          onSelect={select}
          onCreate={() => {
            setSelectedId('new');
            form.setValues(EMPTY);
            form.clearErrors();
          }}
          onDelete={del.ask}
          describe={(poi) => t(`category.${poi.category}`)}
          mark={(poi) => <CategoryIcon category={poi.category} />}
        />
      }
      selectedId={selectedId}
      onSubmit={form.onSubmit(submit)}
      onCancel={close}
      saving={save.isPending}
      fields={
        <>
          <Text size="sm" c="dimmed">
            {t('placeHint')}
          </Text>
          <TextInput label={t('name')} required {...form.getInputProps('name')} />
          <Select
            label={t('categoryLabel')}
            data={categories}
            allowDeselect={false}
            leftSection={<CategoryIcon category={form.values.category} />}
            {...form.getInputProps('category')}
          />
          <Textarea label={t('description')} rows={2} {...form.getInputProps('description')} />
          <Group grow>
            <NumberInput label={t('latitude')} decimalScale={6} {...form.getInputProps('latitude')} />
            <NumberInput label={t('longitude')} decimalScale={6} {...form.getInputProps('longitude')} />
          </Group>
        </>
      }
      confirm={{ modal: del.modal, name: del.deleting?.name ?? '' }}
    />
  );
}
