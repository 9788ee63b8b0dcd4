import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, Input, Section, Select } from '@telegram-apps/telegram-ui';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { messageOf } from '../../api/http.ts';
import { useWalletAddress } from '../../api/walletAddress.ts';
import { simulateDeposit } from '../../api/walletDevDeposit.ts';
import { FormError } from '../../ui/FormError.tsx';

// The schema names which rule failed; the text is looked up when shown, in the language shown then.
const AMOUNT_FORMAT = 'amountFormat';
const AMOUNT_POSITIVE = 'amountPositive';

/** Tickers, written alike in every language. */
const COINS = ['USDT', 'TRX'] as const;

// The server takes up to 6 decimals (USDT's and TRX's own precision); the form asks for the same.
const simulateForm = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,6})?$/, AMOUNT_FORMAT)
    .refine((value) => Number(value) > 0, AMOUNT_POSITIVE),
  currency: z.enum(COINS),
});
type SimulateForm = z.input<typeof simulateForm>;

/**
 * Only on the development chain (GET /api/config says so): sends test coins to the player's address,
 * so the whole deposit path — confirmations, credit, the live balance — can be tried without a wallet.
 */
export function SimulateDeposit() {
  const { t } = useTranslation();
  const address = useWalletAddress();
  const amountErrorId = useId();
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
  const amountError = errors.amount?.message === AMOUNT_POSITIVE ? t('wallet.simulate.amountPositive') : errors.amount ? t('wallet.simulate.amountFormat') : null;

  return (
    <form className="simulate-deposit" onSubmit={onSubmit} noValidate>
      <Section header={t('wallet.simulate.title')} footer={t('wallet.simulate.hint')}>
        <Input
          header={t('wallet.simulate.amount')}
          aria-label={t('wallet.simulate.amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="25"
          status={amountError ? 'error' : undefined}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? amountErrorId : undefined}
          {...register('amount')}
        />
        <Select header={t('wallet.simulate.coin')} aria-label={t('wallet.simulate.coin')} {...register('currency')}>
          {COINS.map((coin) => (
            <option key={coin} value={coin}>
              {coin}
            </option>
          ))}
        </Select>
      </Section>
      {amountError && (
        <p className="simulate-deposit__error" id={amountErrorId}>
          {amountError}
        </p>
      )}
      <FormError
        message={
          sending.error
            ? messageOf(sending.error, { failed: t('wallet.simulate.failed'), error: t('wallet.simulate.error') })
            : null
        }
      />
      {sending.isSuccess && (
        <p className="simulate-deposit__sent" role="status">
          {t('wallet.simulate.sent')}
        </p>
      )}
      <Button type="submit" size="l" stretched disabled={!walletAddress || sending.isPending}>
        {t('wallet.simulate.submit')}
      </Button>
    </form>
  );
}
