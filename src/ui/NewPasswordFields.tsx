import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField.tsx';

interface NewPasswordFieldsProps {
  /** "Password" when registering, "New password" when resetting. */
  label: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirmation?: string | undefined };
}

/** A new password and its confirmation, as registering and resetting a password ask for them. */
export function NewPasswordFields({ label, password, confirmation, errors }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={label} type="password" autoComplete="new-password" error={errors.password} {...password} />
      <FormField label={t('auth.confirmPassword')} type="password" autoComplete="new-password" error={errors.confirmation} {...confirmation} />
    </>
  );
}
