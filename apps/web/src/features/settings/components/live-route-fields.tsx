import { NumberInput, Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LIVE_ROUTE_MODES } from '../../../lib/preferences';

/** The longest live route a user or the server may ask for, in positions. */
export const MAX_LIVE_ROUTE_LENGTH = 10_000;

/** A live route is a whole number of positions from 1 to the maximum. */
export const isLiveRouteLength = (value: unknown): boolean =>
  Number.isInteger(value) && Number(value) >= 1 && Number(value) <= MAX_LIVE_ROUTE_LENGTH;

/** Labelled choices of one list: each value's text is `<prefix>.<value>` in the settings texts. */
export function useChoices() {
  const { t } = useTranslation('settings');
  return <T extends string>(values: readonly T[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}` as never) as string }));
}

/** Which devices draw their recent route on the live map, and how many positions long: users and server alike. */
export function LiveRouteFields({ mode, length }: { mode: GetInputPropsReturnType; length: GetInputPropsReturnType }) {
  const { t } = useTranslation('settings');
  const choices = useChoices();
  return (
    <>
      <Select
        label={t('preferences.mapLiveRoutes')}
        data={choices(LIVE_ROUTE_MODES, 'liveRoutes')}
        allowDeselect={false}
        {...mode}
      />
      <NumberInput
        label={t('preferences.liveRouteLength')}
        min={1}
        max={MAX_LIVE_ROUTE_LENGTH}
        allowDecimal={false}
        {...length}
      />
    </>
  );
}
