import { notifications } from '@mantine/notifications';
import type { Device } from '@waymark/contracts/device';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useErrorText } from '../../../lib/error-text';
import { useDeleteDeviceMutation } from '../devices.queries';

/** Asks before deleting a device: it cannot be undone. */
export function DeleteDeviceDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const describeError = useErrorText();
  const remove = useDeleteDeviceMutation();
  const confirm = () => {
    if (!device) return;
    remove.mutate(device.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('delete.done') });
        onClose();
      },
      onError: (error) => notifications.show({ color: 'red', message: describeError(error) }),
    });
  };
  return (
    <ConfirmModal
      opened={device !== null}
      title={t('delete.title')}
      message={t('delete.message', { name: device?.name ?? '' })}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('common.cancel')}
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
