import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { forgotPasswordBody, type ForgotPasswordBody } from '../../../protocol/auth.ts';
import { errorText } from '../../../protocol/errors.ts';
import { requestPasswordReset } from '../../api/forgotPassword.ts';
import { messageOf } from '../../api/http.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { GoToLoginPopup } from '../../ui/GoToLoginPopup.tsx';
import { TextField } from '../../ui/TextField.tsx';

export function ForgotPasswordPage() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });
  const sending = useMutation({ mutationFn: requestPasswordReset });

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <p className="auth__footer--center">
          Remembered it? <Link to="/login">Back to Login</Link>
        </p>
      }
    >
      <form className="form" onSubmit={handleSubmit((form) => sending.mutate(form))} noValidate>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <FormError message={sending.isError ? messageOf(sending.error, errorText.forgot) : null} />
        <button className="button button--block" type="submit" disabled={sending.isPending}>
          Send Reset Link
        </button>
      </form>
      {sending.isSuccess && (
        <GoToLoginPopup
          title="Link Sent!"
        >
          {/* The server's answer is the same whether or not the address has an account. */}
          <p>{sending.data.message || 'Check your inbox for the reset link.'}</p>
        </GoToLoginPopup>
      )}
    </AuthCard>
  );
}
