import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBuilding,
  IconCalendar,
  IconDots,
  IconExternalLink,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconUser,
  IconUserMinus,
  IconUsersGroup,
  IconX,
} from '@tabler/icons-react';
import type { StockDevice } from '@waymark/contracts/stock-device';
import { useTranslation } from 'react-i18next';
import { type AssignTarget, assignActions } from '../assign-rules';

/** What a row's menu asks the page to do. */
export type RowAction =
  | { kind: 'open' | 'toggle' | 'delete' | 'removeUser' | 'unassign' | 'expiry' }
  | { kind: 'assign'; target: AssignTarget };

/** A device row's actions; assignment entries follow the assignment rules. */
export function DeviceRowActions({ device, onAction }: { device: StockDevice; onAction: (action: RowAction) => void }) {
  const { t } = useTranslation('adminStock');
  const can = assignActions(device);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('actions.menu', { name: device.name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconExternalLink size={16} />} onClick={() => onAction({ kind: 'open' })}>
          {t('actions.open')}
        </Menu.Item>
        <Menu.Item
          leftSection={device.disabled ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
          onClick={() => onAction({ kind: 'toggle' })}
        >
          {device.disabled ? t('actions.activate') : t('actions.deactivate')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconBuilding size={16} />}
          onClick={() => onAction({ kind: 'assign', target: 'tenant' })}
        >
          {t('actions.tenant')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconUsersGroup size={16} />}
          disabled={!can.group}
          onClick={() => onAction({ kind: 'assign', target: 'group' })}
        >
          {t('actions.group')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconUser size={16} />}
          disabled={!can.user}
          onClick={() => onAction({ kind: 'assign', target: 'user' })}
        >
          {t('actions.user')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconUserMinus size={16} />}
          disabled={!can.removeUser}
          onClick={() => onAction({ kind: 'removeUser' })}
        >
          {t('actions.removeUser')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconX size={16} />}
          disabled={!can.unassign}
          onClick={() => onAction({ kind: 'unassign' })}
        >
          {t('actions.unassign')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCalendar size={16} />} onClick={() => onAction({ kind: 'expiry' })}>
          {t('actions.expiry')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onAction({ kind: 'delete' })}>
          {t('actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
