/**
 * Stable partition of a device: FNV-1a (32 bit) of the UTF-8 bytes of its uniqueId, modulo the partition count.
 * Every node of a deployment must agree on it, so it never changes.
 */
export function partitionOf(uniqueId: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(uniqueId, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}
