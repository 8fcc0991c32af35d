import { render, screen } from '@testing-library/react';
import type { Permission } from '@waymark/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { PermissionsProvider } from './permissions-context';
import { RequirePermission } from './require-permission';

function renderGuard(held: string[], flags: Permission[] | undefined, fallback?: string) {
  return render(
    <PermissionsProvider permissions={held}>
      <RequirePermission flags={flags} fallback={fallback}>
        <p>secret page</p>
      </RequirePermission>
    </PermissionsProvider>,
  );
}

describe('RequirePermission', () => {
  it('renders the children when the user holds the flag', () => {
    renderGuard(['VIEW_DEVICES'], ['VIEW_DEVICES']);
    expect(screen.getByText('secret page')).toBeTruthy();
  });

  it('renders nothing without the flag', () => {
    const { container } = renderGuard(['VIEW_GROUPS'], ['VIEW_DEVICES']);
    expect(screen.queryByText('secret page')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('lets any one of several flags suffice', () => {
    renderGuard(['VIEW_TENANT'], ['ADMIN_ACCOUNT', 'VIEW_TENANT']);
    expect(screen.getByText('secret page')).toBeTruthy();
  });

  it('allows everyone when the list is empty or missing', () => {
    renderGuard([], []);
    expect(screen.getAllByText('secret page')).toHaveLength(1);
    renderGuard([], undefined);
    expect(screen.getAllByText('secret page')).toHaveLength(2);
  });

  it('shows the fallback instead when given', () => {
    renderGuard([], ['SEND_COMMAND'], 'not allowed');
    expect(screen.getByText('not allowed')).toBeTruthy();
    expect(screen.queryByText('secret page')).toBeNull();
  });

  it('denies when no provider supplies permissions', () => {
    render(
      <RequirePermission flags={['VIEW_USERS']}>
        <p>secret page</p>
      </RequirePermission>,
    );
    expect(screen.queryByText('secret page')).toBeNull();
  });
});
