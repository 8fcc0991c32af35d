import {
  Button,
  ColorSwatch,
  Group,
  Input,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  useMantineColorScheme,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { DAILY_SUMMARY_ATTRIBUTE } from '@waymark/contracts/scheduled-report';
import type { User } from '@waymark/contracts/user';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../i18n/i18n';
import { BUNDLED_LANGUAGES, type BundledLanguage, baseLanguage, isBundledLanguage } from '../../../i18n/languages';
import { COORDINATE_FORMATS } from '../../../lib/format/coordinates';
import { DISTANCE_UNITS, SPEED_UNITS, VOLUME_UNITS } from '../../../lib/format/units';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { MAP_LAYERS, type Preferences, preferencesOf, THEME_NAMES } from '../../../lib/preferences';
import { useUpdateSelfMutation } from '../settings.queries';
import { THEME_COLORS } from '../theme-color';
import { isLiveRouteLength, LiveRouteFields, useChoices } from './live-route-fields';

interface Values extends Preferences {
  language: BundledLanguage;
  colorScheme: 'dark' | 'light';
  /** the daily summary mail (the user attribute mail.dailySummary) */
  dailySummary: boolean;
}

/** Language, units, formats, map and look of the signed-in user, saved to their attributes and applied at once. */
export function PreferencesForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation('settings');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const save = useUpdateSelfMutation(user.id);
  const current = baseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const form = useForm<Values>({
    initialValues: {
      ...preferencesOf(user),
      language: isBundledLanguage(current) ? current : 'en',
      colorScheme: colorScheme === 'light' ? 'light' : 'dark',
      dailySummary: user.attributes[DAILY_SUMMARY_ATTRIBUTE] === true,
    },
    validate: {
      liveRouteLength: (v) => (isLiveRouteLength(v) ? null : t('validation.liveRouteLength')),
    },
  });

  const options = useChoices();

  const submit = form.onSubmit((v) => {
    save.mutate(
      {
        coordinateFormat: v.coordinateFormat,
        map: v.map,
        attributes: {
          ...user.attributes,
          language: v.language,
          speedUnit: v.speedUnit,
          distanceUnit: v.distanceUnit,
          volumeUnit: v.volumeUnit,
          mapLiveRoutes: v.mapLiveRoutes,
          'web.liveRouteLength': v.liveRouteLength,
          theme: v.theme,
          direction: v.direction,
          colorScheme: v.colorScheme,
          [DAILY_SUMMARY_ATTRIBUTE]: v.dailySummary,
        },
      },
      {
        onSuccess: () => {
          // direction and theme colour follow the session user through PreferencesSync
          if (v.language !== current) void changeLanguage(v.language);
          setColorScheme(v.colorScheme);
          notifySuccess(t('preferences.saved', { lng: v.language }));
        },
        onError: (error) => notifyError(error, t('preferences.saveFailed')),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720}>
        <Input.Wrapper label={t('preferences.language')}>
          <SegmentedControl
            fullWidth
            data-testid="preferences-language"
            aria-label={t('preferences.language')}
            data={BUNDLED_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`, { ns: 'translation' }) }))}
            {...form.getInputProps('language')}
          />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('preferences.speedUnit')}
            data={options(SPEED_UNITS, 'units')}
            allowDeselect={false}
            {...form.getInputProps('speedUnit')}
          />
          <Select
            label={t('preferences.distanceUnit')}
            data={options(DISTANCE_UNITS, 'units')}
            allowDeselect={false}
            {...form.getInputProps('distanceUnit')}
          />
          <Select
            label={t('preferences.volumeUnit')}
            data={options(VOLUME_UNITS, 'units')}
            allowDeselect={false}
            {...form.getInputProps('volumeUnit')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('preferences.coordinateFormat')}
            data={options(COORDINATE_FORMATS, 'coordinateFormats')}
            allowDeselect={false}
            {...form.getInputProps('coordinateFormat')}
          />
          <Select
            label={t('preferences.map')}
            data={options(MAP_LAYERS, 'mapLayers')}
            allowDeselect={false}
            {...form.getInputProps('map')}
          />
          <LiveRouteFields mode={form.getInputProps('mapLiveRoutes')} length={form.getInputProps('liveRouteLength')} />
        </SimpleGrid>
        <Input.Wrapper label={t('preferences.theme')}>
          <Group gap="xs" mt={4} role="radiogroup" aria-label={t('preferences.theme')}>
            {THEME_NAMES.map((name) => (
              <ColorSwatch
                key={name}
                component="button"
                type="button"
                role="radio"
                aria-checked={form.values.theme === name}
                aria-label={t(`themes.${name}`)}
                title={t(`themes.${name}`)}
                color={THEME_COLORS[name]}
                onClick={() => form.setFieldValue('theme', name)}
                style={{
                  outline: form.values.theme === name ? '2px solid var(--mantine-color-text)' : undefined,
                  outlineOffset: 2,
                }}
              />
            ))}
          </Group>
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Input.Wrapper label={t('preferences.colorScheme')}>
            <SegmentedControl
              fullWidth
              data-testid="preferences-color-scheme"
              aria-label={t('preferences.colorScheme')}
              data={[
                { value: 'dark', label: t('preferences.dark') },
                { value: 'light', label: t('preferences.light') },
              ]}
              {...form.getInputProps('colorScheme')}
            />
          </Input.Wrapper>
          <Input.Wrapper label={t('preferences.direction')}>
            <SegmentedControl
              fullWidth
              data-testid="preferences-direction"
              aria-label={t('preferences.direction')}
              data={[
                { value: 'ltr', label: t('preferences.ltr') },
                { value: 'rtl', label: t('preferences.rtl') },
              ]}
              {...form.getInputProps('direction')}
            />
          </Input.Wrapper>
        </SimpleGrid>
        <Switch
          label={t('preferences.dailySummary')}
          description={t('preferences.dailySummaryHint')}
          {...form.getInputProps('dailySummary', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="preferences-save">
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
