import type { SharedDevice, ShareLink as ShareLinkDto } from '@waymark/contracts/share';
import { publicDevice } from '@waymark/contracts/share';
import type { Device, DeviceModel, Position, ShareLink } from '@waymark/db/client';
import { presentDevice } from '../devices/devices.presenter';
import { presentPosition } from '../positions/positions.presenter';

/** A new share link as its author gets it: the page anyone holding `url` opens, until `expiresAt`. */
export function presentShareLink(row: ShareLink, publicUrl: string): ShareLinkDto {
  return {
    id: row.id,
    deviceId: row.deviceId,
    groupId: row.groupId,
    url: `${publicUrl}/devices/share/${row.id}`,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** What a share link's viewer gets: the devices cut to their public fields, their latest positions, the link's end. */
export function presentSharedDevice(
  link: ShareLink,
  devices: (Device & { model: DeviceModel | null })[],
  positions: Position[],
): SharedDevice {
  return {
    groupId: link.groupId,
    devices: devices.map((device) => publicDevice(presentDevice(device))),
    positions: positions.map(presentPosition),
    expiresAt: link.expiresAt.toISOString(),
  };
}
