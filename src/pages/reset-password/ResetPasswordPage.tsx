import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Section, Text } from '@telegram-apps/telegram-ui';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { messageOf } from '../../api/http.ts';
import { resetPassword } from '../../api/resetPassword.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { AuthProblem } from '../../ui/AuthProblem.tsx';
import { GoToLoginPopup } from '../../ui/GoToLoginPopup.tsx';
import { resetPasswordForm, type ResetPasswordForm } from './resetPasswordForm.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const resetting = useMutation({ mutationFn: resetPassword });
  const problem = resetting.isError ? messageOf(resetting.error, { failed: t('auth.reset.failed'), error: t('auth.reset.error') }) : null;

  return (
    <AuthCard
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={
        <p>
          <Link to="/login">{t('auth.backToLogin')}</Link>
        </p>
      }
    >
      <form
        className="auth-page__form"
        onSubmit={handleSubmit((form) => resetting.mutate({ token, password: form.password }))}
        noValidate
      >
        <Section footer={<AuthProblem message={problem} />}>
          <NewPasswordFields
            label={t('auth.newPassword')}
            password={register('password')}
            confirmation={register('confirmPassword')}
            errors={{ password: errors.password?.message, confirmation: errors.confirmPassword?.message }}
          />
        </Section>
        <Button type="submit" size="l" stretched loading={resetting.isPending} disabled={resetting.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </form>
      {resetting.isSuccess && (
        <GoToLoginPopup title={t('auth.reset.done')}>
          <Text Component="p">{t('auth.reset.canLogIn')}</Text>
        </GoToLoginPopup>
      )}
    </AuthCard>
  );
}
