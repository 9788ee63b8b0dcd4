import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { errorText } from '../../../protocol/errors.ts';
import { messageOf } from '../../api/http.ts';
import { resetPassword } from '../../api/resetPassword.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { GoToLoginPopup } from '../../ui/GoToLoginPopup.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { resetPasswordForm, type ResetPasswordForm } from './resetPasswordForm.ts';

export function ResetPasswordPage() {
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

  return (
    <AuthCard
      title="Reset password"
      subtitle="Choose a new password for your account."
      footer={
        <p className="auth__footer--center">
          <Link to="/login">Back to Login</Link>
        </p>
      }
    >
      <form
        className="form"
        onSubmit={handleSubmit((form) => resetting.mutate({ token, password: form.password }))}
        noValidate
      >
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <FormError message={resetting.isError ? messageOf(resetting.error, errorText.reset) : null} />
        <button className="button button--block" type="submit" disabled={resetting.isPending}>
          Reset Password
        </button>
      </form>
      {resetting.isSuccess && (
        <GoToLoginPopup
          title="Password Reset Successfully!"
        >
          <p>You can now log in with your new password.</p>
        </GoToLoginPopup>
      )}
    </AuthCard>
  );
}
