import type { Permission } from '@waymark/contracts/permissions';
import type { ReactNode } from 'react';
import { useHasPermission } from './use-has-permission';

export interface RequirePermissionProps {
  /** Any one flag suffices; empty or missing means allowed. */
  flags?: readonly Permission[];
  children: ReactNode;
  /** Rendered instead of the children without permission; nothing by default. */
  fallback?: ReactNode;
}

/** Renders its children only for users holding one of `flags`. */
export function RequirePermission({ flags, children, fallback = null }: RequirePermissionProps) {
  return <>{useHasPermission(flags) ? children : fallback}</>;
}
