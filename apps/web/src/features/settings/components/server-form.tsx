import {
  Alert,
  Button,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { RETENTION_MAX_DAYS } from '@waymark/contracts/retention';
import type { Server } from '@waymark/contracts/session';
import { useTranslation } from 'react-i18next';
import { TripSettingsFields } from '../../../components/trip-settings-fields';
import { COORDINATE_FORMATS } from '../../../lib/format/coordinates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { DEFAULT_LIVE_ROUTE_LENGTH, MAP_LAYERS } from '../../../lib/preferences';
import {
  attributesWithTripSettings,
  type TripSettings,
  tripSettingsErrors,
  tripSettingsFromAttributes,
} from '../../../lib/trip-settings';
import { useServerQuery } from '../../auth/auth.queries';
import { useUpdateServerMutation } from '../settings.queries';
import type { GeocoderValues } from './geocoder-fields';
import { GeocoderFields, geocoderValues, withGeocoder } from './geocoder-fields';
import { isLiveRouteLength, LiveRouteFields, useChoices } from './live-route-fields';

/** Server-wide settings (platform administrators): PUT /api/server. */
export function ServerSettings() {
  const { t } = useTranslation('settings');
  const server = useServerQuery();
  if (server.isPending) return <Loader aria-label={t('loading')} />;
  if (server.isError) return <Alert color="error">{t('server.loadFailed')}</Alert>;
  return <ServerForm server={server.data} />;
}

interface Values extends TripSettings, GeocoderValues {
  registration: boolean;
  readonly: boolean;
  map: string | null;
  mapUrl: string;
  coordinateFormat: string | null;
  announcement: string;
  mapLiveRoutes: string;
  liveRouteLength: number | string;
  /** empty: keep everything */
  retentionDays: number | string;
}

const isRetention = (v: number | string) =>
  v === '' || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= RETENTION_MAX_DAYS);

function ServerForm({ server }: { server: Server }) {
  const { t } = useTranslation('settings');
  const { t: reportTexts } = useTranslation('reports');
  const save = useUpdateServerMutation();
  const length = Number(server.attributes['web.liveRouteLength']);
  const form = useForm<Values>({
    initialValues: {
      registration: server.registration,
      readonly: server.readonly,
      map: server.map,
      mapUrl: server.mapUrl ?? '',
      coordinateFormat: server.coordinateFormat,
      announcement: server.announcement ?? '',
      mapLiveRoutes: typeof server.attributes.mapLiveRoutes === 'string' ? server.attributes.mapLiveRoutes : 'none',
      liveRouteLength: Number.isInteger(length) && length > 0 ? length : DEFAULT_LIVE_ROUTE_LENGTH,
      retentionDays: server.retentionDays ?? '',
      ...tripSettingsFromAttributes(server.attributes),
      ...geocoderValues(server.attributes),
    },
    validate: (v) => {
      const errors: Record<string, string> = tripSettingsErrors(v, reportTexts('tripSettings.notNegative'));
      if (!isLiveRouteLength(v.liveRouteLength)) errors.liveRouteLength = t('validation.liveRouteLength');
      if (v.mapUrl !== '' && !/^https?:\/\//.test(v.mapUrl)) errors.mapUrl = t('validation.url');
      if (v.geocoderUrl.trim() !== '' && !/^https?:\/\//.test(v.geocoderUrl.trim()))
        errors.geocoderUrl = t('validation.url');
      if (!isRetention(v.retentionDays)) errors.retentionDays = t('validation.retentionDays');
      return errors;
    },
  });
  const options = useChoices();
  const submit = form.onSubmit((v) =>
    save.mutate(
      {
        registration: v.registration,
        readonly: v.readonly,
        map: v.map,
        mapUrl: v.mapUrl.trim() || null,
        coordinateFormat: v.coordinateFormat,
        announcement: v.announcement.trim() || null,
        retentionDays: v.retentionDays === '' ? null : Number(v.retentionDays),
        attributes: attributesWithTripSettings(
          withGeocoder(
            { ...server.attributes, mapLiveRoutes: v.mapLiveRoutes, 'web.liveRouteLength': Number(v.liveRouteLength) },
            v,
          ),
          v,
        ),
      },
      {
        onSuccess: () => notifySuccess(t('server.saved')),
        onError: (error) => notifyError(error, t('server.saveFailed')),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720}>
        <Switch label={t('server.registration')} {...form.getInputProps('registration', { type: 'checkbox' })} />
        <Switch label={t('server.readonly')} {...form.getInputProps('readonly', { type: 'checkbox' })} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('preferences.map')}
            data={options(MAP_LAYERS, 'mapLayers')}
            clearable
            {...form.getInputProps('map')}
          />
          <TextInput
            label={t('server.mapUrl')}
            placeholder="https://{s}.tile.example/{z}/{x}/{y}.png"
            {...form.getInputProps('mapUrl')}
          />
          <Select
            label={t('preferences.coordinateFormat')}
            data={options(COORDINATE_FORMATS, 'coordinateFormats')}
            clearable
            {...form.getInputProps('coordinateFormat')}
          />
          <LiveRouteFields mode={form.getInputProps('mapLiveRoutes')} length={form.getInputProps('liveRouteLength')} />
        </SimpleGrid>
        <NumberInput
          label={t('server.retentionDays')}
          description={t('server.retentionDaysHint')}
          min={1}
          max={RETENTION_MAX_DAYS}
          allowDecimal={false}
          maw={340}
          {...form.getInputProps('retentionDays')}
        />
        <GeocoderFields form={form} />
        <Textarea label={t('server.announcement')} rows={3} {...form.getInputProps('announcement')} />
        <TripSettingsFields form={form} />
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
