import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../components/use-page-title';
import { SavedCommandsList } from '../features/saved-commands/components/saved-commands-list';

/** /commands/saved (SEND_COMMAND). */
export function SavedCommandsPage() {
  const { t } = useTranslation('savedCommands');
  usePageTitle(t('title'));
  return <SavedCommandsList />;
}
