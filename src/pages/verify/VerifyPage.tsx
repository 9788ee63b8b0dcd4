import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useGameProof } from '../../api/gameProof.ts';
import { messageOf } from '../../api/http.ts';
import { session } from '../../app/session.ts';
import { FormError } from '../../ui/FormError.tsx';
import { LoadingOverlay } from '../../ui/LoadingOverlay.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { ProofFails } from './ProofFails.tsx';
import { ProofHolds } from './ProofHolds.tsx';
import { useVerdict } from './useVerdict.ts';
import { keptSeedsOf } from '../../platform/commitments.ts';
import './verify.css';

const proofErrors = { failed: 'Failed to fetch the proof', error: 'Error fetching the proof' };
const checkFailedText = 'The proof could not be checked on this device. Try again later.';

/**
 * /verify/:gameId (issue 18): fetches a finished game's proof and replays it here, in the player's own
 * browser, so "the game was fair" rests on this device's check and not on the server's word.
 */
export function VerifyPage() {
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSnapshot(session);
  const proof = useGameProof(gameId);
  // The commitment this device kept when the game started, and the client seed the server took from
  // it: the proof is held to each one this device knows; without them, only to its own copies.
  const { seedHash, clientSeed } = keptSeedsOf(gameId);
  const checking = useVerdict(proof.data, { gameId, playerId: user?._id, seedHash, clientSeed });

  if (proof.isPending) return <LoadingOverlay text="Loading..." />;
  if (proof.isSuccess && checking.state === 'checking') return <LoadingOverlay text="Checking the proof..." />;

  // Opened from a link with nothing behind it in this app, Back still leads somewhere that has a game.
  const back = () => void (location.key === 'default' ? navigate('/played-games-history') : navigate(-1));
  const inputs = Array.isArray(proof.data?.inputs) ? proof.data.inputs.length : null;
  const verdict = checking.state === 'done' ? checking.verdict : null;
  return (
    <PageFrame title="Verify">
      <FormError message={proof.error ? messageOf(proof.error, proofErrors) : checking.state === 'failed' ? checkFailedText : null} />
      {proof.data && verdict?.ok && <ProofHolds proof={proof.data} steps={verdict.steps} myId={user?._id} hashKept={seedHash !== undefined} seedKept={clientSeed !== undefined} />}
      {verdict && !verdict.ok && <ProofFails failure={verdict} inputs={inputs} />}
      <button className="button button--secondary button--block verify-back" type="button" onClick={back}>
        Back
      </button>
    </PageFrame>
  );
}
