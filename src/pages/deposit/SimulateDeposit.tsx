import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { messageOf } from '../../api/http.ts';
import { useWalletAddress } from '../../api/walletAddress.ts';
import { simulateDeposit } from '../../api/walletDevDeposit.ts';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';

// The server takes up to 6 decimals (USDT's and TRX's own precision); the form asks for the same.
const simulateForm = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,6})?$/, 'Enter an amount such as 25 or 25.5')
    .refine((value) => Number(value) > 0, 'Amount must be positive'),
  currency: z.enum(['USDT', 'TRX']),
});
type SimulateForm = z.input<typeof simulateForm>;

/**
 * Only on the development chain (GET /api/config says so): sends test coins to the player's address,
 * so the whole deposit path — confirmations, credit, the live balance — can be tried without a wallet.
 */
export function SimulateDeposit() {
  const address = useWalletAddress();
  const currencyId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SimulateForm>({ resolver: zodResolver(simulateForm), defaultValues: { amount: '', currency: 'USDT' } });
  const sending = useMutation({ mutationFn: simulateDeposit });

  const walletAddress = address.data?.walletAddress;
  const onSubmit = handleSubmit((form) => {
    if (walletAddress) sending.mutate({ address: walletAddress, amount: Number(form.amount), currency: form.currency });
  });

  return (
    <section className="card simulate-deposit" aria-labelledby="simulate-deposit-title">
      <h2 id="simulate-deposit-title" className="section-title">
        Simulate deposit
      </h2>
      <p className="muted">Development chain: send test coins to your address.</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="simulate-deposit__row">
          <TextField
            label="Amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="25"
            error={errors.amount?.message}
            {...register('amount')}
          />
          <div className="field">
            <label className="field__label" htmlFor={currencyId}>
              Coin
            </label>
            <select className="field__input" id={currencyId} {...register('currency')}>
              <option value="USDT">USDT</option>
              <option value="TRX">TRX</option>
            </select>
          </div>
        </div>
        <FormError
          message={
            sending.error
              ? messageOf(sending.error, { failed: 'Failed to simulate the deposit', error: 'Error simulating the deposit' })
              : null
          }
        />
        {sending.isSuccess && (
          <p className="form-success" role="status">
            Deposit sent. It will be credited after a few blocks.
          </p>
        )}
        <button className="button button--block" type="submit" disabled={!walletAddress || sending.isPending}>
          Simulate deposit
        </button>
      </form>
    </section>
  );
}
