import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { z } from 'zod';
import { loginBody } from '../../../protocol/auth.ts';
import { errorText } from '../../../protocol/errors.ts';
import { useAppConfig } from '../../api/config.ts';
import { messageOf } from '../../api/http.ts';
import { login } from '../../api/login.ts';
import { sessionUserKey } from '../../api/protected.ts';
import { keepSessionToken } from '../../api/sessionToken.ts';
import { savedReferrer } from '../../app/referrer.ts';
import { session, signIn } from '../../app/session.ts';
import { probeSession } from '../../app/sessionCheck.ts';
import { isTelegram } from '../../platform/telegram.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { LoadingOverlay } from '../../ui/LoadingOverlay.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { TelegramLoginWidget } from './TelegramLoginWidget.tsx';

const loginForm = loginBody.pick({ username: true, password: true });
type LoginForm = z.input<typeof loginForm>;

export function LoginPage() {
  const { status } = useSnapshot(session);
  const location = useLocation();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({ resolver: zodResolver(loginForm), defaultValues: { username: '', password: '' } });
  const signingIn = useMutation({
    // Inside Telegram (Telegram Web's frame keeps no cookie) the session comes back as a token instead.
    mutationFn: (body: Parameters<typeof login>[0]) => login(body, isTelegram()),
    onSuccess: ({ user, sessionToken }) => {
      keepSessionToken(sessionToken ?? null);
      // The layout refreshes the session from GET /api/protected once signed in.
      void queryClient.invalidateQueries({ queryKey: sessionUserKey });
      signIn(user);
    },
  });

  // Someone who is already signed in (a cookie from an earlier visit) goes straight on to /game.
  useEffect(() => {
    if (session.status === 'unknown') probeSession(queryClient);
  }, [queryClient]);

  if (status === 'signedIn') return <Navigate to="/game" replace />;
  // Inside Telegram the automatic login is under way: the form would only flash.
  if (status === 'checking' && isTelegram()) return <LoadingOverlay text="Loading..." />;

  const referrerId = savedReferrer();
  const onSubmit = handleSubmit((form) =>
    signingIn.mutate({ username: form.username, password: form.password, ...(referrerId ? { referrerId } : {}) }),
  );
  const botUsername = config.data?.botUsername;

  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back. Sign in to play."
      footer={
        <>
          <Link to="/forgot-password">Forgot password?</Link>
          <Link to={{ pathname: '/register', search: location.search }}>Register</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <FormError message={signingIn.isError ? messageOf(signingIn.error, errorText.login) : null} />
        <button className="button button--block" type="submit" disabled={signingIn.isPending}>
          Login
        </button>
        {botUsername && !isTelegram() && (
          <>
            <p className="divider">or</p>
            <TelegramLoginWidget botUsername={botUsername} referrerId={referrerId} />
          </>
        )}
      </form>
    </AuthCard>
  );
}
