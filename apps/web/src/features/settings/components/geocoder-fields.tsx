import { Fieldset, PasswordInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** The server's reverse-geocoding settings as the form holds them (empty text: the server's default). */
export interface GeocoderValues {
  geocoderEnable: boolean;
  geocoderType: string;
  geocoderUrl: string;
  /** empty keeps the stored key, which the server never shows */
  geocoderKey: string;
  geocoderLanguage: string;
  geocoderFormat: string;
}

const text = (attributes: Record<string, unknown>, key: string) => {
  const value = attributes[key];
  return typeof value === 'string' ? value : '';
};

/** The form's values from the server's `geocoder.*` attributes. */
export function geocoderValues(attributes: Record<string, unknown>): GeocoderValues {
  const enable = attributes['geocoder.enable'];
  return {
    geocoderEnable: enable === true || enable === 'true',
    geocoderType: text(attributes, 'geocoder.type') || 'nominatim',
    geocoderUrl: text(attributes, 'geocoder.url'),
    geocoderKey: '',
    geocoderLanguage: text(attributes, 'geocoder.language'),
    geocoderFormat: text(attributes, 'geocoder.format'),
  };
}

/** The server's attributes with the form's geocoder settings: an emptied field drops its attribute. */
export function withGeocoder(attributes: Record<string, unknown>, v: GeocoderValues): Record<string, unknown> {
  const next: Record<string, unknown> = { ...attributes, 'geocoder.enable': v.geocoderEnable };
  const set = (key: string, value: string) => {
    if (value.trim() === '') delete next[key];
    else next[key] = value.trim();
  };
  set('geocoder.type', v.geocoderType);
  set('geocoder.url', v.geocoderUrl);
  set('geocoder.language', v.geocoderLanguage);
  set('geocoder.format', v.geocoderFormat);
  if (v.geocoderKey.trim() !== '') next['geocoder.key'] = v.geocoderKey.trim();
  return next;
}

/** Reverse geocoding: on demand only (the map's "Show address", report addresses). */
export function GeocoderFields<V extends GeocoderValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation('settings');
  return (
    <Fieldset legend={t('geocoder.title')}>
      <Switch label={t('geocoder.enable')} mb="sm" {...form.getInputProps('geocoderEnable', { type: 'checkbox' })} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('geocoder.type')}
          data={[
            { value: 'nominatim', label: 'Nominatim' },
            { value: 'opencage', label: 'OpenCage' },
          ]}
          allowDeselect={false}
          {...form.getInputProps('geocoderType')}
        />
        <TextInput
          label={t('geocoder.url')}
          placeholder={t('geocoder.urlDefault')}
          {...form.getInputProps('geocoderUrl')}
        />
        <PasswordInput
          label={t('geocoder.key')}
          placeholder={t('geocoder.keyKept')}
          autoComplete="off"
          {...form.getInputProps('geocoderKey')}
        />
        <TextInput label={t('geocoder.language')} placeholder="en" {...form.getInputProps('geocoderLanguage')} />
        <TextInput
          label={t('geocoder.format')}
          placeholder="%h %r, %t, %s, %c, %p"
          {...form.getInputProps('geocoderFormat')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
