import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { trc20Address } from '../../../protocol/wallet.ts';
import { messageOf } from '../../api/http.ts';
import { saveWalletAddress } from '../../api/walletSaveAddress.ts';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { rememberSavedAddress } from './savedAddress.ts';

const addressForm = z.object({ savedAddress: trc20Address });
type AddressForm = z.input<typeof addressForm>;

/** Step 1: the TRC20 address withdrawals go to, saved to the account. */
export function AddressStep() {
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

  return (
    <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby="withdraw-address-title">
      <h2 id="withdraw-address-title" className="withdraw__title">
        Your TRC20 address
      </h2>
      <p className="muted">Withdrawals are sent as USDT on the TRON network (TRC20) to this address. It is saved to your account.</p>
      <TextField
        label="TRC20 wallet address"
        placeholder="T…"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        className="field__input withdraw__address-input"
        error={errors.savedAddress?.message}
        {...register('savedAddress')}
      />
      <FormError
        message={saving.error ? messageOf(saving.error, { failed: 'Failed to save the address.', error: 'Error saving the address.' }) : null}
      />
      <button className="button button--block" type="submit" disabled={saving.isPending}>
        Save address
      </button>
    </form>
  );
}
