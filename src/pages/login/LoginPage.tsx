import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Caption, Section } from '@telegram-apps/telegram-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { z } from 'zod';
import { loginBody } from '../../../protocol/auth.ts';
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
import { FormField } from '../../ui/FormField.tsx';
import { AuthProblem } from '../../ui/AuthProblem.tsx';
import { LoadingOverlay } from '../../ui/LoadingOverlay.tsx';
import { TelegramLoginWidget } from './TelegramLoginWidget.tsx';

const loginForm = loginBody.pick({ username: true, password: true });
type LoginForm = z.input<typeof loginForm>;

export function LoginPage() {
  const { t } = useTranslation();
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
  if (status === 'checking' && isTelegram()) return <LoadingOverlay text={t('common.loading')} />;

  const referrerId = savedReferrer();
  const onSubmit = handleSubmit((form) =>
    signingIn.mutate({ username: form.username, password: form.password, ...(referrerId ? { referrerId } : {}) }),
  );
  const botUsername = config.data?.botUsername;
  const problem = signingIn.isError ? messageOf(signingIn.error, { failed: t('auth.login.failed'), error: t('auth.login.error') }) : null;

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
          <Link to={{ pathname: '/register', search: location.search }}>{t('auth.login.register')}</Link>
        </>
      }
    >
      <form className="auth-page__form" onSubmit={onSubmit} noValidate>
        <Section footer={<AuthProblem message={problem} />}>
          <FormField label={t('auth.username')} autoComplete="username" error={errors.username?.message} {...register('username')} />
          <FormField
            label={t('auth.password')}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
        </Section>
        <Button type="submit" size="l" stretched loading={signingIn.isPending} disabled={signingIn.isPending}>
          {t('auth.login.submit')}
        </Button>
        {botUsername && !isTelegram() && (
          <>
            <Caption Component="p" className="auth-page__or">
              {t('auth.login.or')}
            </Caption>
            <TelegramLoginWidget botUsername={botUsername} referrerId={referrerId} />
          </>
        )}
      </form>
    </AuthCard>
  );
}
