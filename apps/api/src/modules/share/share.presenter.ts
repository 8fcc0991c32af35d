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
    url: `${publicUrl}/devices/share/${row.id}`,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** What a share link's viewer gets: the device cut to its public fields, its latest position, the link's end. */
export function presentSharedDevice(
  link: ShareLink,
  device: Device & { model: DeviceModel | null },
  position: Position | null,
): SharedDevice {
  return {
    device: publicDevice(presentDevice(device)),
    position: position ? presentPosition(position) : null,
    expiresAt: link.expiresAt.toISOString(),
  };
}
