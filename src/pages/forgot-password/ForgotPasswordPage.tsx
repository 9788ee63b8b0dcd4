import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Section, Text } from '@telegram-apps/telegram-ui';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { forgotPasswordBody, type ForgotPasswordBody } from '../../../protocol/auth.ts';
import { DEFAULT_LANGUAGE } from '../../../protocol/languages.ts';
import { requestPasswordReset } from '../../api/forgotPassword.ts';
import { messageOf } from '../../api/http.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { serverText } from '../../i18n/serverText.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { AuthProblem } from '../../ui/AuthProblem.tsx';
import { GoToLoginPopup } from '../../ui/GoToLoginPopup.tsx';

/**
 * What the popup says once the link is on its way: the server's answer (the same whether or not the
 * address has an account) when the player's language has it; the server writes English, so a Russian or
 * Armenian player whose locale lacks that text reads our own words instead.
 */
function sentText(answer: string | undefined, ownWords: string): string {
  const shown = serverText(answer);
  if (!shown) return ownWords;
  return shown !== answer || currentLanguage() === DEFAULT_LANGUAGE ? shown : ownWords;
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });
  const sending = useMutation({ mutationFn: requestPasswordReset });
  const problem = sending.isError ? messageOf(sending.error, { failed: t('auth.forgot.failed'), error: t('auth.forgot.error') }) : null;

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <p>
          {t('auth.forgot.remembered')} <Link to="/login">{t('auth.backToLogin')}</Link>
        </p>
      }
    >
      <form className="auth-page__form" onSubmit={handleSubmit((form) => sending.mutate(form))} noValidate>
        <Section footer={<AuthProblem message={problem} />}>
          <FormField label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        </Section>
        <Button type="submit" size="l" stretched loading={sending.isPending} disabled={sending.isPending}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
      {sending.isSuccess && (
        <GoToLoginPopup title={t('auth.forgot.sent')}>
          <Text Component="p">{sentText(sending.data.message, t('auth.forgot.checkInbox'))}</Text>
        </GoToLoginPopup>
      )}
    </AuthCard>
  );
}
