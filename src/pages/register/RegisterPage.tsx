import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Section } from '@telegram-apps/telegram-ui';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { escapeHtml } from '../../../protocol/auth.ts';
import { messageOf } from '../../api/http.ts';
import { registerPlayer } from '../../api/register.ts';
import { inviteCode } from '../../app/referrer.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { AuthProblem } from '../../ui/AuthProblem.tsx';
import { GoToLoginPopup } from '../../ui/GoToLoginPopup.tsx';
import { registerForm, type RegisterForm } from './registerForm.ts';

export function RegisterPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const invitedBy = inviteCode(location.search);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterForm>({
    resolver: zodResolver(registerForm),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const registration = useMutation({ mutationFn: registerPlayer });

  const onSubmit = handleSubmit((form) =>
    registration.mutate({
      // Spec §5: input is HTML-escaped before sending (valid usernames and emails never change).
      username: escapeHtml(form.username),
      email: escapeHtml(form.email),
      password: form.password,
      ...(invitedBy ? { invitedBy } : {}),
    }),
  );
  const problem = registration.isError
    ? messageOf(registration.error, { failed: t('auth.register.failed'), error: t('auth.register.error') })
    : null;

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={invitedBy ? t('auth.register.invited') : t('auth.register.subtitle')}
      footer={
        <p>
          {t('auth.register.haveAccount')} <Link to={{ pathname: '/login', search: location.search }}>{t('auth.register.login')}</Link>
        </p>
      }
    >
      <form className="auth-page__form" onSubmit={onSubmit} noValidate>
        <Section footer={<AuthProblem message={problem} />}>
          <FormField label={t('auth.username')} autoComplete="username" error={errors.username?.message} {...register('username')} />
          <FormField label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <NewPasswordFields
            label={t('auth.password')}
            password={register('password')}
            confirmation={register('confirmPassword')}
            errors={{ password: errors.password?.message, confirmation: errors.confirmPassword?.message }}
          />
        </Section>
        <Button type="submit" size="l" stretched loading={registration.isPending} disabled={registration.isPending}>
          {t('auth.register.submit')}
        </Button>
      </form>
      {registration.isSuccess && <GoToLoginPopup title={t('auth.register.done')} />}
    </AuthCard>
  );
}
