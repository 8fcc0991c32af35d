import type { ShareLink as ShareLinkDto } from '@waymark/contracts/share';
import type { ShareLink } from '@waymark/db/client';

/** A new share link as its author gets it: the page anyone holding `url` opens, until `expiresAt`. */
export function presentShareLink(row: ShareLink, publicUrl: string): ShareLinkDto {
  return {
    id: row.id,
    deviceId: row.deviceId,
    url: `${publicUrl}/devices/share/${row.id}`,
    expiresAt: row.expiresAt.toISOString(),
  };
}
