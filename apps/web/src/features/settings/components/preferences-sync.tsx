import { useDirection } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { preferencesOf } from '../../../lib/preferences';
import { useCurrentUser } from '../../auth/session-context';
import { applyThemeColor } from '../theme-color';

/**
 * Applies the signed-in user's saved look (theme colour, text direction) to the page, at once when they change.
 * Rendered after the shell's DirectionSync, so a chosen direction outlasts a language change.
 */
export function PreferencesSync() {
  const user = useCurrentUser();
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const { theme } = preferencesOf(user);
  const chosenDirection = user.attributes.direction;
  useEffect(() => applyThemeColor(theme), [theme]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied after each language change, which resets the direction
  useEffect(() => {
    if (chosenDirection === 'rtl' || chosenDirection === 'ltr') setDirection(chosenDirection);
  }, [chosenDirection, i18n.language, setDirection]);
  return null;
}
