/** The initials shown in a user's avatar: first and last word of the name, or "?" when it is empty. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [parts[0]];
  return letters.map((part) => part?.charAt(0).toUpperCase() ?? '').join('') || '?';
}
