import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { session } from './session.ts';
import { checkSession, SessionRetryContext } from './sessionCheck.ts';

/**
 * The guard of every player route but the auth pages: checks the session once, then shows the page,
 * or the login screen (keeping the query, so a referrerId link still counts).
 */
export function RequireSession() {
  const { t } = useTranslation();
  const { status } = useSnapshot(session);
  const queryClient = useQueryClient();
  const retry = useContext(SessionRetryContext);
  const location = useLocation();

  useEffect(() => {
    if (session.status === 'unknown') void checkSession(queryClient, retry);
  }, [status, queryClient, retry]);

  if (status === 'signedIn') return <Outlet />;
  if (status === 'signedOut') return <Navigate to={{ pathname: '/login', search: location.search }} replace />;
  return <LoadingOverlay text={t('common.loading')} />;
}
