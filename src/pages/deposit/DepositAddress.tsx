import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/http.ts';
import { useWalletAddress } from '../../api/walletAddress.ts';
import { copyText } from '../../ui/copyText.ts';
import { FormError } from '../../ui/FormError.tsx';

const COPIED_MS = 2000;

/** Spec §8: the server's words after 'Failed to fetch wallet address:', or the unreachable default. */
function addressError(error: unknown): string {
  if (error instanceof ApiError) return `Failed to fetch wallet address: ${error.message}`;
  return 'Error fetching wallet address';
}

/** The player's deposit address: as text to copy and as a QR code to scan from a wallet app. */
export function DepositAddress({ currency }: { currency: 'USDT' | 'TRX' }) {
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

  return (
    <section className="card deposit-address" aria-labelledby="deposit-address-title">
      <h2 id="deposit-address-title" className="deposit-address__title">
        {currency === 'USDT' ? 'Send USDT (TRC20) to this address' : 'Send TRX to this address'}
      </h2>
      {address.isPending && <p className="muted">Loading your address…</p>}
      <FormError message={address.error ? addressError(address.error) : null} />
      {walletAddress && (
        <>
          <div className="deposit-address__qr">
            <QRCodeSVG value={walletAddress} size={176} marginSize={2} role="img" aria-label="QR code of your deposit address" />
          </div>
          <p className="deposit-address__text" data-testid="deposit-address">
            {walletAddress}
          </p>
          <button className="button button--secondary button--block" type="button" onClick={onCopy}>
            {copy === 'copied' ? 'Copied!' : 'Copy address'}
          </button>
          <FormError message={copy === 'failed' ? 'Could not copy text' : null} />
          <p className="muted">Only send {currency === 'USDT' ? 'USDT on the TRON network (TRC20)' : 'TRX'}; other coins are not credited.</p>
        </>
      )}
    </section>
  );
}
