import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { adminLogout } from '../src/api/adminLogout.ts';
import { useAdminSession } from '../src/api/adminSession.ts';
import { isUnauthorized } from '../src/api/http.ts';
import { adminPages } from './pages.ts';
import { LoadingOverlay } from './ui/LoadingOverlay.tsx';
import { onAdminUnauthorized } from './api/adminHttp.ts';
import { clearAdminToken, readAdminToken } from './adminToken.ts';

/**
 * The signed-in back office: asks GET /api/admin/session once (Bearer token or admin cookie) and sends
 * an unknown operator to the login page, as does a 401 from any later admin call (an expired session).
 * The server guards every admin call whatever this does.
 */
export function AdminLayout() {
  const token = readAdminToken();
  const operator = useAdminSession(token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const unknownOperator = operator.isError && isUnauthorized(operator.error);
  useEffect(() => {
    // A token the server no longer accepts is of no use on the next visit either.
    if (unknownOperator) clearAdminToken();
  }, [unknownOperator]);

  useEffect(
    () =>
      onAdminUnauthorized(() => {
        clearAdminToken();
        queryClient.clear();
        void navigate('/admin/login', { replace: true });
      }),
    [navigate, queryClient],
  );

  if (operator.isPending) return <LoadingOverlay text="Loading..." />;
  if (unknownOperator) return <Navigate to="/admin/login" replace />;

  const logout = () => {
    void adminLogout(token).catch((error: unknown) => console.warn('Operator logout failed', error));
    clearAdminToken();
    queryClient.clear();
    void navigate('/admin/login', { replace: true });
  };

  return (
    <div className="admin">
      <header className="admin__bar">
        <p className="admin__brand">Duel Stakes · Back office</p>
        <nav className="admin__nav" aria-label="Back office">
          {adminPages
            .filter((page) => operator.data?.permissions?.includes(page.permission))
            .map((page) => (
              <NavLink key={page.path} to={page.path}>
                {page.title}
              </NavLink>
            ))}
        </nav>
        <div className="admin__who">
          {operator.data && <span className="muted">{operator.data.username}</span>}
          <button className="button button--secondary" type="button" onClick={logout}>
            Logout
          </button>
        </div>
      </header>
      <main className="admin__main">
        {operator.isError ? (
          <p className="form-error" role="alert">
            The server could not be reached. Reload the page to try again.
          </p>
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}
