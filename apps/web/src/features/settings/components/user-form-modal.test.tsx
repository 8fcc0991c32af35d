import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { aUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { SessionProvider } from '../../auth/session-context';
import { UserFormModal } from './user-form-modal';

const role = (id: number, name: string) => ({
  id,
  name,
  description: null,
  tenantId: 2,
  system: false,
  permissions: [],
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('UserFormModal role picker', () => {
  it('offers the assignable roles and creates the user with the chosen role', { timeout: 20_000 }, async () => {
    const fetchMock = stubFetch({
      'GET /api/v2/role': () => json(200, { data: [role(7, 'Dispatcher'), role(8, 'Viewer')] }),
      'POST /api/users': ({ body }) => json(200, aUser({ id: 40, ...(body as object), roleId: 8 })),
    });
    renderAt(
      '/settings/users',
      <SessionProvider user={aUser({ tenantId: 2, permissions: ['VIEW_USERS'] })}>
        <UserFormModal opened onClose={() => {}} />
      </SessionProvider>,
    );
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Nora Driver' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'nora@example.test' } });
    await waitFor(() =>
      expect((screen.getByLabelText('Role', { selector: 'input' }) as HTMLInputElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByLabelText('Role', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Viewer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST /api/users')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST /api/users')[0]).toMatchObject({
      name: 'Nora Driver',
      email: 'nora@example.test',
      roleId: 8,
    });
    const roleCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/v2/role'));
    expect(String(roleCall?.[0])).toContain('assignable=true');
  });
});
