import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AffiliateProgramPage } from '../pages/affiliate-program/AffiliateProgramPage.tsx';
import { DepositPage } from '../pages/deposit/DepositPage.tsx';
import { ForgotPasswordPage } from '../pages/forgot-password/ForgotPasswordPage.tsx';
import { FriendsPage } from '../pages/friends/FriendsPage.tsx';
import { HomePage } from '../pages/game/HomePage.tsx';
import { LoginPage } from '../pages/login/LoginPage.tsx';
import { MorePage } from '../pages/more/MorePage.tsx';
import { PlayedGamesHistoryPage } from '../pages/played-games-history/PlayedGamesHistoryPage.tsx';
import { ProfilePage } from '../pages/profile/ProfilePage.tsx';
import { RegisterPage } from '../pages/register/RegisterPage.tsx';
import { ResetPasswordPage } from '../pages/reset-password/ResetPasswordPage.tsx';
import { ScoreHistoryPage } from '../pages/score-history/ScoreHistoryPage.tsx';
import { TasksPage } from '../pages/tasks/TasksPage.tsx';
import { TransactionHistoryPage } from '../pages/transaction-history/TransactionHistoryPage.tsx';
import { WithdrawPage } from '../pages/withdraw/WithdrawPage.tsx';
import { LoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { AppLayout } from './AppLayout.tsx';
import { gameScreenLoaders } from './gameScreens.ts';
import { RequireSession } from './RequireSession.tsx';

/** Game screens are the heavy part of the app: each is its own chunk, fetched when its route opens. */
function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <Screen />
    </Suspense>
  );
}

/** Spec §2: every player route. The auth pages are open; everything else sits behind the session guard. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      {
        element: <RequireSession />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/game', element: <HomePage /> },
          { path: '/deposit', element: <DepositPage /> },
          { path: '/withdraw', element: <WithdrawPage /> },
          { path: '/transaction-history', element: <TransactionHistoryPage /> },
          { path: '/played-games-history', element: <PlayedGamesHistoryPage /> },
          { path: '/affiliate-program', element: <AffiliateProgramPage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/friends', element: <FriendsPage /> },
          { path: '/tasks', element: <TasksPage /> },
          { path: '/more', element: <MorePage /> },
          { path: '/score-history', element: <ScoreHistoryPage /> },
          { path: '/rps', element: lazyScreen(gameScreenLoaders.rps) },
          { path: '/blot', element: lazyScreen(gameScreenLoaders.blot) },
          { path: '/carrom', element: lazyScreen(gameScreenLoaders.carrom) },
          { path: '/backgammon', element: lazyScreen(gameScreenLoaders.backgammon) },
        ],
      },
      { path: '*', element: <Navigate to="/game" replace /> },
    ],
  },
];
