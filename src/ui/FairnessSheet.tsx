import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SEEDING_PHASE } from '../../protocol/fairness.ts';
import type { GameViewBase } from '../../protocol/game.ts';
import { clientSeedOfDevice, newClientSeed, setClientSeed } from '../platform/clientSeed.ts';
import { Popup } from './Popup.tsx';
import { TextField } from './TextField.tsx';
import './fairnessSheet.css';

export type FairnessGame = Pick<GameViewBase, '_id' | 'status' | 'phase' | 'userIds' | 'seedHash' | 'seed' | 'clientSeeds'>;

interface FairnessSheetProps {
  game: FairnessGame;
  myId: string;
  onClose: () => void;
}

export const fairnessSheetText = {
  notSentYet: 'Not sent yet',
  noneSent: 'None sent — counted as empty',
  saved: 'Saved. Your next game uses it.',
} as const;

/** '' is a seed that has not come (yet): the draw counts it as empty once the wait is over. */
function clientSeedShown(seed: string | undefined, seeding: boolean): { text: string; hex: boolean } {
  if (seed) return { text: seed, hex: true };
  return { text: seeding ? fairnessSheetText.notSentYet : fairnessSheetText.noneSent, hex: false };
}

/**
 * The game's fairness in plain words (issue 18), from every game's settings: the server's commitment,
 * both client seeds, the server seed once revealed, and where to check it all. Also this device's own
 * seed for the games to come, which the player may replace.
 */
export function FairnessSheet({ game, myId, onClose }: FairnessSheetProps) {
  const seeding = game.status === 'in-progress' && game.phase === SEEDING_PHASE;
  const over = game.status !== 'in-progress';
  const opponentId = game.userIds.find((id) => id !== myId) ?? '';
  const mine = clientSeedShown(game.clientSeeds?.[myId], seeding);
  const theirs = clientSeedShown(game.clientSeeds?.[opponentId], seeding);
  return (
    <Popup
      title="Fairness"
      onClose={onClose}
      scroll
      actions={
        <button className="button button--secondary button--block" type="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="fairness-sheet">
        <p>
          Before this game the server fixed a secret seed and showed only its fingerprint, the hash below. Each player's app then added its own
          random seed. Every roll, deal and auto-pick comes from all three mixed together, so neither the server nor your opponent could choose
          them. After the game the server reveals its seed, and anyone can replay the whole game to check.
        </p>
        <dl className="fairness-sheet__seeds" data-testid="fairness-seeds">
          <div>
            <dt>Server seed hash</dt>
            <dd className="fairness-sheet__hex">{game.seedHash}</dd>
          </div>
          <div>
            <dt>Your client seed</dt>
            <dd className={mine.hex ? 'fairness-sheet__hex' : undefined}>{mine.text}</dd>
          </div>
          <div>
            <dt>Opponent's client seed</dt>
            <dd className={theirs.hex ? 'fairness-sheet__hex' : undefined}>{theirs.text}</dd>
          </div>
          {game.seed !== null && (
            <div>
              <dt>Server seed, revealed</dt>
              <dd className="fairness-sheet__hex">{game.seed}</dd>
            </div>
          )}
        </dl>
        {/* Links leave the table: offered once the game is over, so no turn runs out behind them. */}
        {over && (
          <p className="fairness-sheet__links">
            <Link to={`/verify/${encodeURIComponent(game._id)}`}>Verify this game</Link>
            <Link to="/fairness">How fairness works</Link>
          </p>
        )}
        <DeviceSeedForm />
      </div>
    </Popup>
  );
}

/** The seed this device sends at the start of its next games: the player's own, or a new random one. */
function DeviceSeedForm() {
  const [draft, setDraft] = useState(clientSeedOfDevice);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const refused = setClientSeed(draft);
    setError(refused);
    setNotice(refused ? null : fairnessSheetText.saved);
    // As stored: trimmed and lower case.
    if (!refused) setDraft(clientSeedOfDevice());
  };

  const renew = () => {
    setDraft(newClientSeed());
    setError(null);
    setNotice(fairnessSheetText.saved);
  };

  return (
    <form className="fairness-sheet__device" onSubmit={save} noValidate>
      <TextField
        label="Your seed for the next games"
        value={draft}
        error={error ?? undefined}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        onChange={(event) => {
          setDraft(event.target.value);
          setNotice(null);
        }}
      />
      <p className="muted">16 to 64 hex digits (0-9, a-f). A change applies from your next game, not this one.</p>
      <div className="fairness-sheet__buttons">
        <button className="button button--block" type="submit">
          Save
        </button>
        <button className="button button--secondary button--block" type="button" onClick={renew}>
          New random seed
        </button>
      </div>
      {notice && (
        <p className="fairness-sheet__notice" role="status">
          {notice}
        </p>
      )}
    </form>
  );
}
