import { integrityText } from '../../../protocol/integrity.ts';
import { useFreezeUser } from '../../api/freezeUser.ts';
import { ReasonPopup } from '../../ui/ReasonPopup.tsx';

interface FreezePopupProps {
  userId: string;
  nickname: string;
  /** What the operator is about to do: freeze (true) or unfreeze (false). */
  freeze: boolean;
  onClose: () => void;
}

/** Freezing needs a reason (the server refuses one without); unfreezing may give one or send it empty. */
export function FreezePopup({ userId, nickname, freeze, onClose }: FreezePopupProps) {
  const save = useFreezeUser(userId);
  return (
    <ReasonPopup
      title={freeze ? `Freeze ${nickname}?` : `Unfreeze ${nickname}?`}
      label="Reason"
      submitLabel={freeze ? 'Freeze' : 'Unfreeze'}
      requiredMessage={freeze ? integrityText.reasonRequired : undefined}
      danger={freeze}
      pending={save.isPending}
      error={save.error}
      failedText={freeze ? 'Failed to freeze the account' : 'Failed to unfreeze the account'}
      onSubmit={(reason) => save.mutate({ frozen: freeze, reason }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p className="muted">
        {freeze
          ? `${nickname} is told the account is under review and must contact support.`
          : `${nickname} can use the account again.`}
      </p>
    </ReasonPopup>
  );
}
