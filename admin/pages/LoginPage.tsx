import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { adminLoginBody, type AdminLoginBody } from '../../protocol/auth.ts';
import { OPERATOR_CODES } from '../../protocol/errorCodes.ts';
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

/** The answer that means: the password was right, now the second factor (issue 35). */
const needsCode = (error: unknown) => error instanceof ApiError && error.status === 401 && error.code === OPERATOR_CODES.secondFactorRequired;

/**
 * Spec §5's login, as it is for operators without a second factor; with one, the password's answer asks
 * for the code on a second step (the authenticator app's 6 digits, or a recovery code).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [codeStep, setCodeStep] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminLoginBody>({ resolver: zodResolver(adminLoginBody), defaultValues: { username: '', password: '', code: '' } });
  const signingIn = useMutation({
    mutationFn: (form: AdminLoginBody) => adminLogin(codeStep ? form : { username: form.username, password: form.password }),
    onSuccess: ({ token }) => {
      saveAdminToken(token);
      void navigate('/admin/dashboard', { replace: true });
    },
    onError: (error) => {
      if (needsCode(error)) setCodeStep(true);
    },
  });
  const showError = signingIn.isError && !(needsCode(signingIn.error) && codeStep && !signingIn.variables?.code);

  return (
    <div className="admin-login">
      <div className="auth__card">
        <h1 className="auth__title">Back office</h1>
        <p className="auth__subtitle">Operators only.</p>
        <form className="form" onSubmit={handleSubmit((form) => signingIn.mutate(form))} noValidate>
          <TextField label="Username" autoComplete="username" readOnly={codeStep} error={errors.username?.message} {...register('username')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            readOnly={codeStep}
            error={errors.password?.message}
            {...register('password')}
          />
          {codeStep && (
            <>
              <p className="muted">Enter the 6-digit code from your authenticator app, or a recovery code.</p>
              <TextField label="Authentication code" autoComplete="one-time-code" inputMode="numeric" autoFocus error={errors.code?.message} {...register('code')} />
            </>
          )}
          <FormError message={showError ? loginError(signingIn.error) : null} />
          <button className="button button--block" type="submit" disabled={signingIn.isPending}>
            Login
          </button>
        </form>
      </div>
    </div>
  );
}
