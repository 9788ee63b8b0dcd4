import { Button, List, Placeholder, Spinner } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useGameProof } from '../../api/gameProof.ts';
import { messageOf } from '../../api/http.ts';
import { session } from '../../app/session.ts';
import { keptSeedsOf } from '../../platform/commitments.ts';
import { FormError } from '../../ui/FormError.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { ProofFails } from './ProofFails.tsx';
import { ProofHolds } from './ProofHolds.tsx';
import { useVerdict } from './useVerdict.ts';
import './verify.css';

/**
 * /verify/:gameId (issue 18): fetches a finished game's proof and replays it here, in the player's own
 * browser, so "the game was fair" rests on this device's check and not on the server's word.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSnapshot(session);
  const proof = useGameProof(gameId);
  // The commitment this device kept when the game started, and the client seed the server took from
  // it: the proof is held to each one this device knows; without them, only to its own copies.
  const { seedHash, clientSeed } = keptSeedsOf(gameId);
  const checking = useVerdict(proof.data, { gameId, playerId: user?._id, seedHash, clientSeed });

  const waiting = proof.isPending ? t('common.loading') : proof.isSuccess && checking.state === 'checking' ? t('records.verify.checking') : null;
  // Opened from a link with nothing behind it in this app, Back still leads somewhere that has a game.
  const back = () => void (location.key === 'default' ? navigate('/played-games-history') : navigate(-1));
  const inputs = Array.isArray(proof.data?.inputs) ? proof.data.inputs.length : null;
  const verdict = checking.state === 'done' ? checking.verdict : null;
  const problem = proof.error
    ? messageOf(proof.error, { failed: t('records.verify.failed'), error: t('records.verify.error') })
    : checking.state === 'failed'
      ? t('records.verify.checkFailed')
      : null;
  return (
    <PageFrame title={t('records.verify.title')}>
      {waiting !== null ? (
        // The spinner is drawn only: the status says its words once, not a second, empty status.
        <div role="status" aria-live="polite">
          <Placeholder description={waiting}>
            <div aria-hidden="true">
              <Spinner size="l" />
            </div>
          </Placeholder>
        </div>
      ) : (
        <List className="verify">
          <FormError message={problem} />
          {proof.data && verdict?.ok && (
            <ProofHolds proof={proof.data} steps={verdict.steps} myId={user?._id} hashKept={seedHash !== undefined} seedKept={clientSeed !== undefined} />
          )}
          {verdict && !verdict.ok && <ProofFails failure={verdict} inputs={inputs} />}
          <Button type="button" mode="gray" size="l" stretched onClick={back}>
            {t('records.verify.back')}
          </Button>
        </List>
      )}
    </PageFrame>
  );
}
