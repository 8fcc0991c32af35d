import { useTranslation } from 'react-i18next';
import { errorText } from '../auth/error-text';

/** Turns a failed call into the text to show: the server's message, translated when it is a known one. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => errorText(t, error);
}
