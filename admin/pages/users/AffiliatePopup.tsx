import { useState } from 'react';
import type { AdminUserRow } from '../../../protocol/admin.ts';
import { affiliateSettingBody, AFFILIATE_MAX_PERCENT, REFERRAL_PERCENT } from '../../../protocol/growth.ts';
import { messageOf } from '../../../src/api/http.ts';
import { Popup } from '../../../src/ui/Popup.tsx';
import { useSaveUserAffiliate } from '../../api/userAffiliate.ts';

/** An operator makes a player an affiliate (or not) at 0–10 %; the server checks the same bounds. */
export function AffiliatePopup({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const [isAffiliate, setIsAffiliate] = useState(user.isAffiliate);
  const [percentage, setPercentage] = useState(String(user.affiliatePercentage));
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSaveUserAffiliate(user._id);

  const submit = () => {
    const parsed = affiliateSettingBody.safeParse({ isAffiliate, affiliatePercentage: percentage.trim() === '' ? Number.NaN : Number(percentage) });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'The percentage must be between 0 and 10');
      return;
    }
    setInvalid(null);
    save.mutate(parsed.data, { onSuccess: onClose });
  };

  return (
    <Popup
      title={`Affiliate setting: ${user.nickname}`}
      onClose={save.isPending ? undefined : onClose}
      actions={
        <>
          <button className="button button--block" type="button" disabled={save.isPending} onClick={submit}>
            Save
          </button>
          <button className="button button--secondary button--block" type="button" disabled={save.isPending} onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="admin-check">
          <input type="checkbox" checked={isAffiliate} onChange={(event) => setIsAffiliate(event.target.checked)} />
          Affiliate
        </label>
        <label className="admin-field">
          <span className="admin-field__label">{`Affiliate percentage (0–${AFFILIATE_MAX_PERCENT})`}</span>
          <input
            className="admin-input"
            type="number"
            inputMode="decimal"
            min={0}
            max={AFFILIATE_MAX_PERCENT}
            step={0.1}
            value={percentage}
            onChange={(event) => setPercentage(event.target.value)}
          />
        </label>
        <p className="muted">Players who are not affiliates earn the standard {REFERRAL_PERCENT} % on their friends' wins.</p>
        {(invalid ?? save.isError) && (
          <p className="form-error" role="alert">
            {invalid ?? messageOf(save.error, { failed: 'Failed to save the affiliate setting.', error: 'The server could not be reached.' })}
          </p>
        )}
      </form>
    </Popup>
  );
}
