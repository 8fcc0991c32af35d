import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { translateServerMessage } from '../i18n/server-message';

/** Text to show for a failed call: the server's message (translated when known), else a connection error. */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) return translateServerMessage(t, error.message);
  return t('serverMessages.connectionError');
}

/** `errorText` bound to the current language; the function keeps its identity until the language changes. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => errorText(t, error), [t]);
}
