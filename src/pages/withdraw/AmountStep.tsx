import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatBalance, usdtToMicro } from '../../../protocol/money.ts';
import { WITHDRAWAL_FEE, WITHDRAWAL_REVIEW_TEXT, walletText } from '../../../protocol/wallet.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { transactionsKey } from '../../api/transactions.ts';
import { removeWalletAddress } from '../../api/walletRemoveAddress.ts';
import { withdraw } from '../../api/walletWithdraw.ts';
import { setBalance } from '../../app/session.ts';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { rememberSavedAddress } from './savedAddress.ts';

/** Spec §2: the result of a withdrawal stays on screen this long. */
const RESULT_MS = 5000;
const FEE_CENTS = Math.round(WITHDRAWAL_FEE * 100);
// A comma too: phone keyboards in many locales offer only a comma on the decimal pad.
const TWO_DECIMALS = /^\d+([.,]\d{1,2})?$/;

/** The typed amount as a number, or null while it is not a valid one. */
function amountOf(typed: string): number | null {
  const value = typed.trim();
  return TWO_DECIMALS.test(value) ? Number(value.replace(',', '.')) : null;
}

const amountForm = z.object({
  amount: z
    .string()
    .trim()
    .min(1, 'Enter an amount.')
    .regex(TWO_DECIMALS, 'Enter an amount with at most 2 decimals, such as 12.50.')
    .refine((value) => (amountOf(value) ?? 0) > WITHDRAWAL_FEE, walletText.amountTooSmall),
});
type AmountForm = z.input<typeof amountForm>;

/** 'review': taken, but held for an operator: not an error, yet not the usual good news either. */
type Result = { kind: 'success' | 'review' | 'error'; text: string };

const SENT_TEXT = 'Withdrawal requested. The USDT will arrive at your address in 10–30 minutes.';

/** Spec §8: 'Failed to withdraw: {error}' when the server answered, else 'Error processing withdrawal'. */
function withdrawError(error: unknown): string {
  if (error instanceof ApiError) return `Failed to withdraw: ${error.message}`;
  return 'Error processing withdrawal';
}

const centsText = (cents: number) => (cents / 100).toFixed(2);

interface AmountStepProps {
  userId: string;
  balance: number;
  savedAddress: string;
}

/** Step 2: the amount, the fee and what arrives; or Disconnect, back to step 1. */
export function AmountStep({ userId, balance, savedAddress }: AmountStepProps) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<Result | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    formState: { errors, isValid },
  } = useForm<AmountForm>({ resolver: zodResolver(amountForm), mode: 'onChange', defaultValues: { amount: '' } });

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), RESULT_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const removing = useMutation({
    mutationFn: removeWalletAddress,
    onSuccess: () => rememberSavedAddress(queryClient, null),
  });
  const sending = useMutation({
    mutationFn: withdraw,
    onSuccess: ({ newBalance, status }) => {
      setBalance(newBalance);
      reset({ amount: '' });
      setResult(status === 'review' ? { kind: 'review', text: WITHDRAWAL_REVIEW_TEXT } : { kind: 'success', text: SENT_TEXT });
      void queryClient.invalidateQueries({ queryKey: transactionsKey });
    },
    onError: (error) => setResult({ kind: 'error', text: withdrawError(error) }),
  });

  // In cents, so the fee arithmetic is exact.
  const typed = amountOf(watch('amount'));
  const receiveCents = Math.max(0, Math.round((typed ?? 0) * 100) - FEE_CENTS);

  const onSubmit = handleSubmit((form) => {
    const amount = amountOf(form.amount);
    if (amount === null) return;
    // Refused here rather than by the server: the player sees why at once, and nothing is sent.
    if (usdtToMicro(amount) > BigInt(Math.round(balance * 1e6))) {
      setResult({ kind: 'error', text: `Failed to withdraw: ${walletText.insufficientBalance}` });
      return;
    }
    setResult(null);
    sending.mutate({ userId, amount });
  });

  return (
    <>
      <section className="card withdraw__address" aria-labelledby="withdraw-to-title">
        <div>
          <h2 id="withdraw-to-title" className="muted">
            Withdrawal address (TRC20)
          </h2>
          <p className="withdraw__address-text" data-testid="saved-address">
            {savedAddress}
          </p>
        </div>
        <button
          className="button button--danger"
          type="button"
          disabled={removing.isPending || sending.isPending}
          onClick={() => removing.mutate()}
        >
          Disconnect
        </button>
        <FormError
          message={
            removing.error ? messageOf(removing.error, { failed: 'Failed to remove the address.', error: 'Error removing the address.' }) : null
          }
        />
      </section>

      <form className="form card" onSubmit={onSubmit} noValidate>
        <div className="withdraw__amount-row">
          <TextField
            label="Amount (USDT)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? 'withdraw-amount-error' : undefined}
            {...register('amount')}
          />
          <button
            className="button button--secondary withdraw__max"
            type="button"
            // The balance rounded down to cents: never more than is there (spec §2).
            onClick={() => setValue('amount', formatBalance(balance).text, { shouldValidate: true, shouldDirty: true })}
          >
            Max
          </button>
        </div>
        {errors.amount?.message && (
          <p className="field__error" id="withdraw-amount-error" role="alert">
            {errors.amount.message}
          </p>
        )}
        <dl className="withdraw__summary">
          <div>
            <dt>Network fee</dt>
            <dd data-testid="fee">{WITHDRAWAL_FEE} USDT</dd>
          </div>
          <div>
            <dt>You will receive</dt>
            <dd data-testid="final-amount">{centsText(receiveCents)} USDT</dd>
          </div>
        </dl>
        {result?.kind === 'error' && <FormError message={result.text} />}
        {result && result.kind !== 'error' && (
          <p className={result.kind === 'review' ? 'withdraw__review' : 'form-success'} role="status">
            {result.text}
          </p>
        )}
        <button className="button button--block" type="submit" disabled={!isValid || sending.isPending || removing.isPending}>
          {sending.isPending ? 'Withdrawing…' : 'Withdraw'}
        </button>
        <p className="muted withdraw__note">Withdrawals take 10–30 minutes to arrive.</p>
      </form>
    </>
  );
}
