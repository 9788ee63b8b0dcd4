import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { HomePage } from '../pages/game/HomePage.tsx';
import { LoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { prefetchPopup } from '../ui/Popup.tsx';
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

/**
 * The pages a player does not need to see the lobby: each is its own chunk (with what only it uses,
 * e.g. the QR code of the deposit page), out of the first load (bench/bundle-size.bench.ts). main.tsx
 * prefetches them all once the lobby is up; a page whose chunk is in renders at once, one still on its
 * way shows the loading overlay meanwhile, as a game screen does. The route's element stays the same
 * component before and after the chunk arrives, so a page never remounts (and loses its state) for it.
 */
function lazyPage(load: () => Promise<ComponentType>): { element: ReactElement; prefetch: () => Promise<ComponentType> } {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const prefetch = () => {
    loading ??= load().then(
      (Page) => (loaded = Page),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  function LazyPage() {
    const [Page, setPage] = useState<ComponentType | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Page) return;
      let live = true;
      prefetch().then(
        (ready) => {
          if (live) setPage(() => ready);
        },
        (error: unknown) => {
          if (live) setFailure({ error });
        },
      );
      return () => {
        live = false;
      };
    }, [Page]);
    // Like a lazy component: a chunk that cannot load goes to the router's error boundary.
    if (failure) throw failure.error;
    return Page ? <Page /> : <LoadingOverlay />;
  }
  return { element: <LazyPage />, prefetch };
}

const pages = {
  // The sign-in pages and their forms (react-hook-form, the resolvers) stay out of the first load too:
  // inside Telegram a player never sees them, and the lobby is what the first load is for.
  login: lazyPage(() => import('../pages/login/LoginPage.tsx').then((m) => m.LoginPage)),
  register: lazyPage(() => import('../pages/register/RegisterPage.tsx').then((m) => m.RegisterPage)),
  forgotPassword: lazyPage(() => import('../pages/forgot-password/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage)),
  resetPassword: lazyPage(() => import('../pages/reset-password/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage)),
  deposit: lazyPage(() => import('../pages/deposit/DepositPage.tsx').then((m) => m.DepositPage)),
  withdraw: lazyPage(() => import('../pages/withdraw/WithdrawPage.tsx').then((m) => m.WithdrawPage)),
  transactionHistory: lazyPage(() => import('../pages/transaction-history/TransactionHistoryPage.tsx').then((m) => m.TransactionHistoryPage)),
  playedGamesHistory: lazyPage(() => import('../pages/played-games-history/PlayedGamesHistoryPage.tsx').then((m) => m.PlayedGamesHistoryPage)),
  affiliateProgram: lazyPage(() => import('../pages/affiliate-program/AffiliateProgramPage.tsx').then((m) => m.AffiliateProgramPage)),
  profile: lazyPage(() => import('../pages/profile/ProfilePage.tsx').then((m) => m.ProfilePage)),
  friends: lazyPage(() => import('../pages/friends/FriendsPage.tsx').then((m) => m.FriendsPage)),
  tasks: lazyPage(() => import('../pages/tasks/TasksPage.tsx').then((m) => m.TasksPage)),
  more: lazyPage(() => import('../pages/more/MorePage.tsx').then((m) => m.MorePage)),
  scoreHistory: lazyPage(() => import('../pages/score-history/ScoreHistoryPage.tsx').then((m) => m.ScoreHistoryPage)),
  fairness: lazyPage(() => import('../pages/fairness/FairnessPage.tsx').then((m) => m.FairnessPage)),
  // Light: the rules it replays a proof with come in its worker, fetched only when a check starts.
  verify: lazyPage(() => import('../pages/verify/VerifyPage.tsx').then((m) => m.VerifyPage)),
  challenge: lazyPage(() => import('../pages/challenge/ChallengePage.tsx').then((m) => m.ChallengePage)),
};

/**
 * Fetches every lazy page's chunk and the popup's (a failure is left to the route or popup that needs
 * it); settles when all have.
 */
export async function prefetchPages(): Promise<void> {
  await Promise.allSettled([...Object.values(pages).map((page) => page.prefetch()), prefetchPopup()]);
}

/** Spec §2: every player route. The auth pages are open; everything else sits behind the session guard. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/register', element: pages.register.element },
      { path: '/login', element: pages.login.element },
      { path: '/forgot-password', element: pages.forgotPassword.element },
      { path: '/reset-password/:token', element: pages.resetPassword.element },
      {
        element: <RequireSession />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/game', element: <HomePage /> },
          { path: '/deposit', element: pages.deposit.element },
          { path: '/withdraw', element: pages.withdraw.element },
          { path: '/transaction-history', element: pages.transactionHistory.element },
          { path: '/played-games-history', element: pages.playedGamesHistory.element },
          { path: '/affiliate-program', element: pages.affiliateProgram.element },
          { path: '/profile', element: pages.profile.element },
          { path: '/friends', element: pages.friends.element },
          { path: '/tasks', element: pages.tasks.element },
          { path: '/more', element: pages.more.element },
          { path: '/score-history', element: pages.scoreHistory.element },
          { path: '/fairness', element: pages.fairness.element },
          { path: '/verify/:gameId', element: pages.verify.element },
          { path: '/challenge/:code', element: pages.challenge.element },
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
