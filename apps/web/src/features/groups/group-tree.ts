import type { GroupDto } from '@waymark/contracts/group';

export interface GroupNode {
  group: GroupDto;
  depth: number;
}

/**
 * The groups in tree order (each parent followed by its children, by name), with their depth. A group whose
 * parent is not in the list is a root; a cycle cannot hide a group.
 */
export function flattenTree(groups: readonly GroupDto[]): GroupNode[] {
  const ids = new Set(groups.map((g) => g.id));
  const children = new Map<number | null, GroupDto[]>();
  for (const group of groups) {
    const parent = group.parentGroupId !== null && ids.has(group.parentGroupId) ? group.parentGroupId : null;
    children.set(parent, [...(children.get(parent) ?? []), group]);
  }
  const out: GroupNode[] = [];
  const seen = new Set<number>();
  const visit = (parent: number | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const group of list) {
      if (seen.has(group.id)) continue;
      seen.add(group.id);
      out.push({ group, depth });
      visit(group.id, depth + 1);
    }
  };
  visit(null, 0);
  for (const group of groups) if (!seen.has(group.id)) out.push({ group, depth: 0 });
  return out;
}

/** Ids of `id` and all its descendants: groups that cannot become its parent. */
export function selfAndDescendants(groups: readonly GroupDto[], id: number): Set<number> {
  const result = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups) {
      if (group.parentGroupId !== null && result.has(group.parentGroupId) && !result.has(group.id)) {
        result.add(group.id);
        grew = true;
      }
    }
  }
  return result;
}
