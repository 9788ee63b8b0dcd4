import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonCell, Cell, Input, Section, Snackbar, Text } from '@telegram-apps/telegram-ui';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatBalance, usdtToMicro } from '../../../protocol/money.ts';
import { WITHDRAWAL_FEE, walletText } from '../../../protocol/wallet.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { transactionsKey } from '../../api/transactions.ts';
import { removeWalletAddress } from '../../api/walletRemoveAddress.ts';
import { withdraw } from '../../api/walletWithdraw.ts';
import { setBalance } from '../../app/session.ts';
import { formatCoins, formatNumber } from '../../i18n/format.ts';
import { serverText } from '../../i18n/serverText.ts';
import { FormError } from '../../ui/FormError.tsx';
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

// The schema names which of our rules failed (its text is looked up when shown, in the language shown
// then); the fee rule answers the protocol's own text, as the server does.
const AMOUNT_REQUIRED = 'amountRequired';
const AMOUNT_DECIMALS = 'amountDecimals';

const amountForm = z.object({
  amount: z
    .string()
    .trim()
    .min(1, AMOUNT_REQUIRED)
    .regex(TWO_DECIMALS, AMOUNT_DECIMALS)
    .refine((value) => (amountOf(value) ?? 0) > WITHDRAWAL_FEE, walletText.amountTooSmall),
});
type AmountForm = z.input<typeof amountForm>;

/**
 * 'review': taken, but held for an operator: not an error, yet not the usual good news either.
 * `id` tells one result from the next, so a second withdrawal shows its own message.
 */
type Outcome = { kind: 'sent' | 'review' } | { kind: 'error'; text: string };
type Result = Outcome & { id: number };

const USDT = 'USDT';

interface AmountStepProps {
  userId: string;
  balance: number;
  savedAddress: string;
}

/** Step 2: the amount, the fee and what arrives; or Disconnect, back to step 1. */
export function AmountStep({ userId, balance, savedAddress }: AmountStepProps) {
  const { t } = useTranslation();
  const amountErrorId = useId();
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
  const show = (outcome: Outcome) => setResult({ ...outcome, id: Date.now() });

  const removing = useMutation({
    mutationFn: removeWalletAddress,
    onSuccess: () => rememberSavedAddress(queryClient, null),
  });
  const sending = useMutation({
    mutationFn: withdraw,
    onSuccess: ({ newBalance, status }) => {
      setBalance(newBalance);
      reset({ amount: '' });
      show({ kind: status === 'review' ? 'review' : 'sent' });
      void queryClient.invalidateQueries({ queryKey: transactionsKey });
    },
    // Spec §8: 'Failed to withdraw: {error}' when the server answered, else 'Error processing withdrawal'.
    onError: (error) =>
      show({
        kind: 'error',
        text:
          error instanceof ApiError
            ? t('wallet.withdraw.failed', { error: messageOf(error, { failed: error.message, error: '' }) })
            : t('wallet.withdraw.error'),
      }),
  });

  // In cents, so the fee arithmetic is exact.
  const typed = amountOf(watch('amount'));
  const receiveCents = Math.max(0, Math.round((typed ?? 0) * 100) - FEE_CENTS);
  const coins = (amount: string) => t('wallet.coins', { amount, coin: USDT });

  const onSubmit = handleSubmit((form) => {
    const amount = amountOf(form.amount);
    if (amount === null) return;
    // Refused here rather than by the server: the player sees why at once, and nothing is sent.
    if (usdtToMicro(amount) > BigInt(Math.round(balance * 1e6))) {
      show({ kind: 'error', text: t('wallet.withdraw.failed', { error: serverText(walletText.insufficientBalance) }) });
      return;
    }
    setResult(null);
    sending.mutate({ userId, amount });
  });

  const amountMessage = errors.amount?.message;
  const amountError =
    amountMessage === AMOUNT_REQUIRED
      ? t('wallet.withdraw.amountRequired')
      : amountMessage === AMOUNT_DECIMALS
        ? t('wallet.withdraw.amountDecimals')
        : serverText(amountMessage);

  return (
    <>
      <Section header={t('wallet.withdraw.savedTitle')}>
        <Cell readOnly multiline>
          <span className="withdraw__address" data-testid="saved-address">
            {savedAddress}
          </span>
        </Cell>
        <ButtonCell mode="destructive" type="button" disabled={removing.isPending || sending.isPending} onClick={() => removing.mutate()}>
          {t('wallet.withdraw.disconnect')}
        </ButtonCell>
      </Section>
      <FormError
        message={
          removing.error
            ? messageOf(removing.error, { failed: t('wallet.withdraw.removeFailed'), error: t('wallet.withdraw.removeError') })
            : null
        }
      />

      <form className="withdraw__form" onSubmit={onSubmit} noValidate>
        {/* The section's header names the field on every platform (telegram-ui's iOS look hides an Input's own header). */}
        <Section header={t('wallet.withdraw.amountLabel')} footer={t('wallet.withdraw.takes')}>
          <Input
            aria-label={t('wallet.withdraw.amountLabel')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('wallet.withdraw.amountPlaceholder')}
            status={amountError ? 'error' : undefined}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? amountErrorId : undefined}
            after={
              <Button
                type="button"
                size="s"
                mode="bezeled"
                // The balance rounded down to cents: never more than is there (spec §2).
                onClick={() => setValue('amount', formatBalance(balance).text, { shouldValidate: true, shouldDirty: true })}
              >
                {t('wallet.withdraw.max')}
              </Button>
            }
            {...register('amount')}
          />
          <Cell
            readOnly
            multiline
            after={
              <Text className="withdraw__amount" data-testid="fee">
                {coins(formatNumber(WITHDRAWAL_FEE))}
              </Text>
            }
          >
            {t('wallet.withdraw.fee')}
          </Cell>
          <Cell
            readOnly
            multiline
            after={
              <Text weight="2" className="withdraw__amount" data-testid="final-amount">
                {coins(formatCoins(receiveCents / 100))}
              </Text>
            }
          >
            {t('wallet.withdraw.receive')}
          </Cell>
        </Section>
        {amountError && (
          <p className="withdraw__field-error" id={amountErrorId} role="alert">
            {amountError}
          </p>
        )}
        {result?.kind === 'error' && <FormError message={result.text} />}
        <Button type="submit" size="l" stretched disabled={!isValid || sending.isPending || removing.isPending}>
          {sending.isPending ? t('wallet.withdraw.sending') : t('wallet.withdraw.submit')}
        </Button>
      </form>

      {result && result.kind !== 'error' && (
        <Snackbar
          key={result.id}
          role="status"
          className="withdraw__result"
          // Our own timer clears it at 5 s (spec §2); Telegram's never first.
          duration={RESULT_MS * 2}
          onClose={() => setResult(null)}
        >
          {result.kind === 'review' ? t('wallet.withdraw.review') : t('wallet.withdraw.sent')}
        </Snackbar>
      )}
    </>
  );
}
