import { ROLE_PERMISSIONS } from '../../protocol/operators.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAdminQueryClient } from '../../admin/AdminApp.tsx';
import { adminRoutes } from '../../admin/routes.tsx';
import { stubApi } from './apiStub.ts';

function renderAdmin(path: string) {
  const router = createMemoryRouter(adminRoutes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createAdminQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup(), path: () => router.state.location.pathname };
}

const operatorApi = (token = 'operator-token') =>
  stubApi({
    'POST /api/admin/login': ({ body }) =>
      (body as { password: string }).password === 'right-password'
        ? { body: { token } }
        : { status: 401, body: { message: 'Invalid credentials' } },
    'GET /api/admin/session': ({ headers }) =>
      headers.authorization === `Bearer ${token}`
        ? { body: { username: 'operator', role: 'owner', permissions: [...ROLE_PERMISSIONS.owner] } }
        : { status: 401, body: { message: 'Not signed in' } },
    'POST /api/admin/logout': { body: { ok: true } },
  });

async function logIn(user: ReturnType<typeof renderAdmin>['user'], password: string) {
  await user.clear(screen.getByLabelText('Username'));
  await user.type(screen.getByLabelText('Username'), 'operator');
  await user.clear(screen.getByLabelText('Password'));
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the operator entry', () => {
  it("says 'Invalid credentials' for a refused login", async () => {
    operatorApi();
    const { user, path } = renderAdmin('/admin/login');
    await logIn(user, 'wrong-password');
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    expect(path()).toBe('/admin/login');
    expect(window.localStorage.getItem('adminToken')).toBeNull();
  });

  it("says 'Invalid credentials' for any non-ok answer, whatever the server said", async () => {
    stubApi({ 'POST /api/admin/login': { status: 500, body: { message: 'database down' } } });
    const { user } = renderAdmin('/admin/login');
    await logIn(user, 'right-password');
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
  });

  it('keeps the token, opens the dashboard, and asks the session with the Bearer token', async () => {
    const api = operatorApi();
    const { user, path } = renderAdmin('/admin/login');
    await logIn(user, 'right-password');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(path()).toBe('/admin/dashboard');
    expect(window.localStorage.getItem('adminToken')).toBe('operator-token');
    expect(api.callsTo('GET /api/admin/session')[0]?.headers.authorization).toBe('Bearer operator-token');
    expect(screen.getByRole('link', { name: 'Completed Games' })).toHaveAttribute('href', '/admin/completed-games');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
  });

  it('sends an unknown operator from the dashboard to the login page', async () => {
    operatorApi();
    window.localStorage.setItem('adminToken', 'expired-token');
    const { path } = renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(path()).toBe('/admin/login');
    await waitFor(() => expect(window.localStorage.getItem('adminToken')).toBeNull());
  });

  it('goes from the dashboard to completed games and users through the nav', async () => {
    operatorApi();
    window.localStorage.setItem('adminToken', 'operator-token');
    const { user, path } = renderAdmin('/admin/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Completed Games' }));
    expect(await screen.findByRole('heading', { name: 'Completed Games' })).toBeInTheDocument();
    expect(path()).toBe('/admin/completed-games');
    await user.click(screen.getByRole('link', { name: 'Users' }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(path()).toBe('/admin/users');
    expect(screen.queryByText('This arrives in a later release.')).not.toBeInTheDocument();
  });

  it('logs out: the token is cleared and the login page shows', async () => {
    const api = operatorApi();
    window.localStorage.setItem('adminToken', 'operator-token');
    const { user, path } = renderAdmin('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(path()).toBe('/admin/login');
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(api.callsTo('POST /api/admin/logout')[0]?.headers.authorization).toBe('Bearer operator-token');
  });
});
