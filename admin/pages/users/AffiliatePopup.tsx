import { useState } from 'react';
import type { AdminUserRow } from '../../../protocol/admin.ts';
import { affiliateSettingBody, AFFILIATE_MAX_PERCENT, REFERRAL_PERCENT } from '../../../protocol/growth.ts';
import { useSaveUserAffiliate } from '../../api/userAffiliate.ts';
import { ActionPopup } from '../../ui/ActionPopup.tsx';

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
    <ActionPopup
      title={`Affiliate setting: ${user.nickname}`}
      submitLabel="Save"
      pending={save.isPending}
      invalid={invalid}
      error={save.error}
      failedText="Failed to save the affiliate setting."
      onSubmit={submit}
      onClose={onClose}
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
    </ActionPopup>
  );
}
