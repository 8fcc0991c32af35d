import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Device } from '@waymark/contracts/device';
import { useTranslation } from 'react-i18next';
import { useDeleteDeviceMutation } from '../devices.queries';
import { useErrorText } from '../use-error-text';

/** Asks before deleting a device: it cannot be undone (SPEC section 8). */
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
    <Modal opened={device !== null} onClose={onClose} title={t('delete.title')} centered>
      <Text size="sm">{t('delete.message', { name: device?.name ?? '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={confirm} loading={remove.isPending}>
          {t('delete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
