import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { escapeHtml } from '../../../protocol/auth.ts';
import { errorText } from '../../../protocol/errors.ts';
import { messageOf } from '../../api/http.ts';
import { registerPlayer } from '../../api/register.ts';
import { inviteCode } from '../../app/referrer.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { GoToLoginPopup } from '../../ui/GoToLoginPopup.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { registerForm, type RegisterForm } from './registerForm.ts';

export function RegisterPage() {
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

  return (
    <AuthCard
      title="Register"
      subtitle={invitedBy ? 'You were invited by a friend. Create your account to join.' : 'Create your account to play.'}
      footer={
        <p className="auth__footer--center">
          Already have an account? <Link to={{ pathname: '/login', search: location.search }}>Login</Link>
        </p>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
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
        <FormError message={registration.isError ? messageOf(registration.error, errorText.register) : null} />
        <button className="button button--block" type="submit" disabled={registration.isPending}>
          Register
        </button>
      </form>
      {registration.isSuccess && (
        <GoToLoginPopup
          title="Congratulations! You have successfully registered."
        />
      )}
    </AuthCard>
  );
}
