/**
 * Text from bytes and text trimmed the way Traccar's Java decoders see it, so that decoded strings match its output
 * character for character.
 */

/** US-ASCII text: bytes above 0x7F become U+FFFD, as Java decodes them. */
export function asciiOf(bytes: Buffer): string {
  let text = '';
  for (const b of bytes) text += b < 0x80 ? String.fromCharCode(b) : '\ufffd';
  return text;
}

/** UTF-16BE text: an odd trailing byte becomes U+FFFD, as Java decodes it. */
export function utf16beOf(bytes: Buffer): string {
  const even = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  even.swap16();
  return even.toString('utf16le') + (bytes.length % 2 ? '\ufffd' : '');
}

/** Java's String.trim(): strips every character up to U+0020 (NULs and control bytes included) at both ends. */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}
