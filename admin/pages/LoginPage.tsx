import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { adminLoginBody, type AdminLoginBody } from '../../protocol/auth.ts';
import { errorText } from '../../protocol/errors.ts';
import { adminLogin } from '../../src/api/adminLogin.ts';
import { ApiError } from '../../src/api/http.ts';
import { FormError } from '../ui/FormError.tsx';
import { TextField } from '../ui/TextField.tsx';
import { saveAdminToken } from '../adminToken.ts';

/** Spec §5: any non-ok answer reads 'Invalid credentials' — except a rate limit, which says to wait. */
function loginError(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.serverMessage) return error.serverMessage;
  if (error instanceof ApiError) return errorText.admin.invalidCredentials;
  return 'The server could not be reached.';
}

export function LoginPage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminLoginBody>({ resolver: zodResolver(adminLoginBody), defaultValues: { username: '', password: '' } });
  const signingIn = useMutation({
    mutationFn: adminLogin,
    onSuccess: ({ token }) => {
      saveAdminToken(token);
      void navigate('/admin/dashboard', { replace: true });
    },
  });

  return (
    <div className="admin-login">
      <div className="auth__card">
        <h1 className="auth__title">Back office</h1>
        <p className="auth__subtitle">Operators only.</p>
        <form className="form" onSubmit={handleSubmit((form) => signingIn.mutate(form))} noValidate>
          <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <FormError message={signingIn.isError ? loginError(signingIn.error) : null} />
          <button className="button button--block" type="submit" disabled={signingIn.isPending}>
            Login
          </button>
        </form>
      </div>
    </div>
  );
}
