import type { Device } from '@waymark/contracts/device';

/** Marker and badge colour of each connection status. */
export const STATUS_COLORS: Record<Device['status'], string> = {
  online: '#13DEB9',
  offline: '#FA896B',
  unknown: '#8a94a6',
};
