import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dataSchema } from '@waymark/contracts/common';
import { roleSchema } from '@waymark/contracts/role';
import { z } from 'zod';
import { http } from '../api/http';

/** GET /api/v2/role?assignable=true: the roles the signed-in user may give a user. */
export const assignableRolesKey = ['roles', 'assignable'] as const;

export const fetchAssignableRoles = async () =>
  (await http('/api/v2/role?assignable=true', { schema: dataSchema(z.array(roleSchema)) })).data;

export interface RolePickerProps {
  value: number | null;
  onChange: (roleId: number | null) => void;
  /** Texts, already translated by the form that uses the picker. */
  label: string;
  placeholder?: string;
  description?: string;
  error?: string;
  disabled?: boolean;
}

/**
 * The role of a user being created or edited, among the roles the signed-in user may assign (the server applies
 * the same rule when saving). Empty means no role.
 */
export function RolePicker({ value, onChange, ...texts }: RolePickerProps) {
  const roles = useQuery({ queryKey: assignableRolesKey, queryFn: fetchAssignableRoles });
  const data = (roles.data ?? []).map((role) => ({ value: String(role.id), label: role.name }));
  // the current role stays shown even when the editor may not hand it out
  if (value !== null && !data.some((item) => item.value === String(value))) {
    data.push({ value: String(value), label: `#${value}` });
  }
  return (
    <Select
      {...texts}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      clearable
      searchable
      disabled={texts.disabled || roles.isPending}
    />
  );
}
