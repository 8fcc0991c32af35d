import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../auth/error-text';

/** The text to show for a failed call: the server's message (translated when known) or a connection error. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => errorText(t, error), [t]);
}
