import type { StockDevice } from '@waymark/contracts/stock-device';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { deleteStockDevice, removeDeviceUser, setDeviceActive, unassignDevice } from '../stock.api';
import { stockKeys } from '../stock.queries';

export type ConfirmKind = 'delete' | 'removeUser' | 'unassign' | 'activate' | 'deactivate';

const CALLS: Record<ConfirmKind, (id: number) => Promise<unknown>> = {
  delete: deleteStockDevice,
  removeUser: removeDeviceUser,
  unassign: unassignDevice,
  activate: (id) => setDeviceActive(id, true),
  deactivate: (id) => setDeviceActive(id, false),
};

/** The question before a device action that changes who uses it, switches it, or deletes it for good. */
export function DeviceConfirm({
  kind,
  device,
  onClose,
  onDone,
}: {
  kind: ConfirmKind;
  device: StockDevice;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation('adminStock');
  const { t: ta } = useTranslation('admin');
  const mutation = useAdminMutation({
    mutationFn: CALLS[kind],
    invalidates: [stockKeys.all],
    success: kind === 'delete' ? t('messages.deleted') : t('messages.updated'),
    failure: t('messages.updateFailed'),
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  });
  return (
    <ConfirmModal
      opened
      title={t(`confirm.${kind}Title`)}
      message={t(`confirm.${kind}Message`, { name: device.name })}
      confirmLabel={kind === 'delete' ? ta('delete') : t('confirm.yes')}
      cancelLabel={ta('cancel')}
      loading={mutation.isPending}
      onConfirm={() => mutation.mutate(device.id)}
      onClose={onClose}
    />
  );
}
