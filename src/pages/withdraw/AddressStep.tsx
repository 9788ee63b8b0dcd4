import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Section } from '@telegram-apps/telegram-ui';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { trc20Address } from '../../../protocol/wallet.ts';
import { messageOf } from '../../api/http.ts';
import { saveWalletAddress } from '../../api/walletSaveAddress.ts';
import { serverText } from '../../i18n/serverText.ts';
import { FormError } from '../../ui/FormError.tsx';
import { rememberSavedAddress } from './savedAddress.ts';

const addressForm = z.object({ savedAddress: trc20Address });
type AddressForm = z.input<typeof addressForm>;

/** Step 1: the TRC20 address withdrawals go to, saved to the account. */
export function AddressStep() {
  const { t } = useTranslation();
  const titleId = useId();
  const errorId = useId();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressForm>({ resolver: zodResolver(addressForm), defaultValues: { savedAddress: '' } });
  const saving = useMutation({
    mutationFn: saveWalletAddress,
    onSuccess: ({ savedAddress }) => rememberSavedAddress(queryClient, savedAddress),
  });
  const onSubmit = handleSubmit((form) => saving.mutate({ savedAddress: form.savedAddress }));
  // The protocol's own text (walletText.invalidAddress), translated as the server's answer would be.
  const invalid = serverText(errors.savedAddress?.message);

  return (
    <form className="withdraw__form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <Section
        header={<Section.Header id={titleId}>{t('wallet.withdraw.addressTitle')}</Section.Header>}
        footer={t('wallet.withdraw.addressHint')}
      >
        <Input
          className="withdraw__address-input"
          header={t('wallet.withdraw.addressLabel')}
          aria-label={t('wallet.withdraw.addressLabel')}
          placeholder={t('wallet.withdraw.addressPlaceholder')}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorId : undefined}
          {...register('savedAddress')}
        />
      </Section>
      {invalid && (
        <p className="withdraw__field-error" id={errorId}>
          {invalid}
        </p>
      )}
      <FormError
        message={
          saving.error
            ? messageOf(saving.error, { failed: t('wallet.withdraw.saveFailed'), error: t('wallet.withdraw.saveError') })
            : null
        }
      />
      <Button type="submit" size="l" stretched disabled={saving.isPending}>
        {t('wallet.withdraw.saveAddress')}
      </Button>
    </form>
  );
}
