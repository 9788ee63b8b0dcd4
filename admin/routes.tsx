import { Navigate, type RouteObject } from 'react-router-dom';
import { AdminLayout } from './AdminLayout.tsx';
import { CompletedGamesPage } from './pages/completed-games/CompletedGamesPage.tsx';
import { DashboardPage } from './pages/dashboard/DashboardPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { RiskPage } from './pages/risk/RiskPage.tsx';
import { TreasuryPage } from './pages/treasury/TreasuryPage.tsx';
import { OperatorsPage } from './pages/operators/OperatorsPage.tsx';
import { SecurityPage } from './pages/security/SecurityPage.tsx';
import { Allowed } from './ui/Allowed.tsx';
import { UserRiskPage } from './pages/user-risk/UserRiskPage.tsx';
import { UsersPage } from './pages/users/UsersPage.tsx';
import { WithdrawalsPage } from './pages/withdrawals/WithdrawalsPage.tsx';

/** Spec §2 back-office routes plus the integrity pages, all under /admin (the server sends admin/index.html for them). */
export const adminRoutes: RouteObject[] = [
  { path: '/admin/login', element: <LoginPage /> },
  {
    element: <AdminLayout />,
    children: [
      { path: '/admin/dashboard', element: <DashboardPage /> },
      { path: '/admin/completed-games', element: <CompletedGamesPage /> },
      { path: '/admin/users', element: <UsersPage /> },
      {
        path: '/admin/users/:id/risk',
        element: (
          <Allowed permission="players">
            <UserRiskPage />
          </Allowed>
        ),
      },
      { path: '/admin/risk', element: <RiskPage /> },
      { path: '/admin/withdrawals', element: <WithdrawalsPage /> },
      {
        path: '/admin/operators',
        element: (
          <Allowed permission="operators">
            <OperatorsPage />
          </Allowed>
        ),
      },
      { path: '/admin/security', element: <SecurityPage /> },
      {
        path: '/admin/treasury',
        element: (
          <Allowed permission="treasury">
            <TreasuryPage />
          </Allowed>
        ),
      },
    ],
  },
  { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
];
