/** One entry of a stream as XREADGROUP returns it; `fields` is null when the entry was trimmed meanwhile. */
export interface StreamEntry {
  key: string;
  id: string;
  fields: string[] | null;
}

/**
 * Flattens an XREADGROUP reply (RESP2: `[[key, [[id, [field, value, …] | null], …]], …]` or null on timeout)
 * into entries in reply order, which is stream order per key.
 */
export function parseReadReply(reply: unknown): StreamEntry[] {
  if (!Array.isArray(reply)) return [];
  const entries: StreamEntry[] = [];
  for (const stream of reply) {
    if (!Array.isArray(stream)) continue;
    const [key, items] = stream as [unknown, unknown];
    if (typeof key !== 'string' || !Array.isArray(items)) continue;
    for (const item of items) {
      if (!Array.isArray(item)) continue;
      const [id, fields] = item as [unknown, unknown];
      if (typeof id !== 'string') continue;
      entries.push({ key, id, fields: Array.isArray(fields) ? fields.map(String) : null });
    }
  }
  return entries;
}

/** The value of `field` in a flat [field, value, …] list. */
export function fieldValue(fields: readonly string[], field: string): string | undefined {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === field) return fields[i + 1];
  return undefined;
}

/** XAUTOCLAIM reply: [next cursor, [ids or entries], (Redis 7) [deleted ids]]. */
export function parseAutoclaimCursor(reply: unknown): string {
  return Array.isArray(reply) && typeof reply[0] === 'string' ? reply[0] : '0-0';
}

/** What decoding needs of a zod schema. */
export interface MessageSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * The messages of field `d` (JSON: one message, or the list of one device's messages published together), each
 * checked against its schema (undefined where it does not fit); undefined when the field is missing or no JSON.
 */
export function decodeEntry<T>(fields: readonly string[], schema: MessageSchema<T>): (T | undefined)[] | undefined {
  const raw = fieldValue(fields, 'd');
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const check = (v: unknown) => {
    const parsed = schema.safeParse(v);
    return parsed.success ? parsed.data : undefined;
  };
  return Array.isArray(value) ? value.map(check) : [check(value)];
}
