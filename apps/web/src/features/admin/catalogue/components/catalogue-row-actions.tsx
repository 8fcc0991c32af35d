import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { RowActions } from '../../../../components/row-actions';
import type { useDeleteConfirm } from '../../../../lib/use-delete-confirm';

/** Edit and delete of one catalogue row, labelled with the row's name. */
export function CatalogueRowActions(props: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('adminCatalogue');
  return (
    <RowActions
      editLabel={t('editNamed', { name: props.name })}
      deleteLabel={t('deleteNamed', { name: props.name })}
      onEdit={props.onEdit}
      onDelete={props.onDelete}
    />
  );
}

/** The question before a catalogue row is deleted ('Remove item?', cannot be undone). */
export function RemoveQuestion({ modal }: { modal: ReturnType<typeof useDeleteConfirm>['modal'] }) {
  const { t } = useTranslation('adminCatalogue');
  return (
    <ConfirmModal
      {...modal}
      title={t('removeItem')}
      message={t('cannotBeUndone')}
      confirmLabel={t('delete')}
      cancelLabel={t('cancel')}
    />
  );
}
