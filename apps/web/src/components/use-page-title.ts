import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to "<title> · Waymark". */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  useDocumentTitle(title ? `${title} · ${t('app.name')}` : t('app.name'));
}
