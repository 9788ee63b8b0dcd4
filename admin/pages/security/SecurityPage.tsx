import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import type { SecondFactorSetup } from '../../../protocol/operators.ts';
import { useAdminSession } from '../../../src/api/adminSession.ts';
import { messageOf } from '../../../src/api/http.ts';
import { readAdminToken } from '../../adminToken.ts';
import { setUpSecondFactor, useConfirmSecondFactor } from '../../api/operators.ts';
import { FormError } from '../../ui/FormError.tsx';

/**
 * The signed-in operator's second factor (issue 35): set it up by scanning the QR code (or typing the
 * secret) into an authenticator app, keep the ten recovery codes, and confirm with a code. Money actions
 * need it; once on, the sign-in asks for a code.
 */
export function SecurityPage() {
  const session = useAdminSession(readAdminToken());
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const confirm = useConfirmSecondFactor();
  const on = session.data?.secondFactor ?? false;

  const begin = async () => {
    setSetupError(null);
    try {
      setSetup(await setUpSecondFactor());
    } catch (error) {
      setSetupError(messageOf(error, { failed: 'Setup failed', error: 'Setup failed' }));
    }
  };

  return (
    <section className="admin-list security">
      <h1 className="admin__title">Security</h1>
      <p data-testid="second-factor-status">{on ? 'Two-factor sign-in is on.' : 'Two-factor sign-in is off. Approving or rejecting withdrawals, sweeping and managing operators need it.'}</p>
      <FormError message={setupError} />
      {!on && !setup && (
        <button className="button" type="button" onClick={() => void begin()}>
          Set up two-factor sign-in
        </button>
      )}
      {!on && setup && (
        <div className="security__setup">
          <p>Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the secret.</p>
          <QRCodeSVG value={setup.otpauthUrl} size={200} role="img" aria-label="QR code of the two-factor secret" />
          <p>
            Secret: <code data-testid="second-factor-secret">{setup.secret}</code>
          </p>
          <p>Recovery codes: each signs you in once if you lose your phone. Keep them somewhere safe; they are not shown again.</p>
          <ul className="security__codes" data-testid="recovery-codes">
            {setup.recoveryCodes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ul>
          <form
            className="admin-toolbar"
            onSubmit={(event) => {
              event.preventDefault();
              confirm.mutate(code.trim());
            }}
          >
            <label className="admin-field">
              <span className="admin-field__label">Code from the app</span>
              <input className="admin-input" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
            </label>
            <button className="button" type="submit" disabled={confirm.isPending}>
              Turn on
            </button>
          </form>
          <FormError message={confirm.isError ? messageOf(confirm.error, { failed: 'The code was not accepted', error: 'The code was not accepted' }) : null} />
        </div>
      )}
    </section>
  );
}
