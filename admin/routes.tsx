import { Navigate, type RouteObject } from 'react-router-dom';
import { AdminLayout } from './AdminLayout.tsx';
import { CompletedGamesPage } from './pages/completed-games/CompletedGamesPage.tsx';
import { DashboardPage } from './pages/dashboard/DashboardPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { UsersPage } from './pages/users/UsersPage.tsx';

/** Spec §2 back-office routes, all under /admin (the server sends admin/index.html for them). */
export const adminRoutes: RouteObject[] = [
  { path: '/admin/login', element: <LoginPage /> },
  {
    element: <AdminLayout />,
    children: [
      { path: '/admin/dashboard', element: <DashboardPage /> },
      { path: '/admin/completed-games', element: <CompletedGamesPage /> },
      { path: '/admin/users', element: <UsersPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
];
