import type { DeviceImageType } from '@waymark/contracts/device';

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);

/** The image type a file's first bytes say it is (JPEG, PNG, GIF, WebP), or null. */
export function sniffImageType(data: Buffer): DeviceImageType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (data.subarray(0, 6).toString('latin1') === 'GIF87a' || data.subarray(0, 6).toString('latin1') === 'GIF89a') {
    return 'image/gif';
  }
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/** Traccar names a device picture `device.<extension>`. */
export function imageExtension(type: DeviceImageType): string {
  return type === 'image/jpeg' ? 'jpeg' : type.slice('image/'.length);
}
