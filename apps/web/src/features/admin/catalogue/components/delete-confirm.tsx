import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';

/** The row awaiting a confirmed delete, and the question to ask ('Remove item?', cannot be undone). */
export function useDeleteQuestion<T>() {
  const [row, setRow] = useState<T | null>(null);
  return { row, ask: setRow, close: () => setRow(null) };
}

export function DeleteQuestion(props: {
  opened: boolean;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminCatalogue');
  return (
    <ConfirmModal
      opened={props.opened}
      title={t('removeItem')}
      message={t('cannotBeUndone')}
      confirmLabel={t('delete')}
      cancelLabel={t('cancel')}
      loading={props.loading}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
