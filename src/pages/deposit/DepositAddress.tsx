import { Button, Cell, Section, Spinner } from '@telegram-apps/telegram-ui';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../../api/http.ts';
import { useWalletAddress } from '../../api/walletAddress.ts';
import { copyText } from '../../ui/copyText.ts';
import { FormError } from '../../ui/FormError.tsx';

const COPIED_MS = 2000;

/** The player's deposit address: as text to copy and as a QR code to scan from a wallet app. */
export function DepositAddress({ currency }: { currency: 'USDT' | 'TRX' }) {
  const { t } = useTranslation();
  const address = useWalletAddress();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const walletAddress = address.data?.walletAddress;
  const onCopy = () => {
    if (!walletAddress) return;
    copyText(walletAddress).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  // Spec §8: the server's words after 'Failed to fetch wallet address:', or the unreachable default.
  const error = address.error
    ? address.error instanceof ApiError
      ? t('wallet.deposit.addressFailed', { error: messageOf(address.error, { failed: address.error.message, error: '' }) })
      : t('wallet.deposit.addressError')
    : null;

  return (
    <Section
      header={currency === 'USDT' ? t('wallet.deposit.sendUsdt') : t('wallet.deposit.sendTrx')}
      // Spec §9: only USDT on TRON is credited (or TRX); coins sent on another network are lost.
      footer={walletAddress ? (currency === 'USDT' ? t('wallet.deposit.onlyUsdt') : t('wallet.deposit.onlyTrx')) : undefined}
    >
      {address.isPending ? (
        <Cell readOnly before={<Spinner size="s" />}>
          {t('wallet.deposit.loadingAddress')}
        </Cell>
      ) : (
        <div className="deposit-address">
          <FormError message={error} />
          {walletAddress && (
            <>
              <div className="deposit-address__qr">
                <QRCodeSVG value={walletAddress} size={176} marginSize={2} role="img" aria-label={t('wallet.deposit.qrCode')} />
              </div>
              <p className="deposit-address__text" data-testid="deposit-address">
                {walletAddress}
              </p>
              <Button type="button" size="l" mode="bezeled" stretched onClick={onCopy}>
                {copy === 'copied' ? t('wallet.deposit.copied') : t('wallet.deposit.copy')}
              </Button>
              <FormError message={copy === 'failed' ? t('wallet.deposit.copyFailed') : null} />
            </>
          )}
        </div>
      )}
    </Section>
  );
}
