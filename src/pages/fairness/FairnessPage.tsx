import { Link } from 'react-router-dom';
import { PageFrame } from '../../ui/PageFrame.tsx';
import './fairness.css';

/** /fairness: provably fair games (issue 18) in plain words, one screen, from More. */
export function FairnessPage() {
  return (
    <PageFrame title="How fairness works">
      <ol className="fairness-steps">
        <li>
          <h2>The server picks a secret seed</h2>
          <p>
            Before the game, the server picks a secret random number, its seed, and shows you its fingerprint (a SHA-256 hash). The fingerprint
            pins the seed down without giving it away.
          </p>
        </li>
        <li>
          <h2>Every draw comes from that seed</h2>
          <p>
            Every dice roll, card deal and auto-pick is drawn from the seed, mixed with the game's own id and any seeds the players' apps
            sent (the Verify page shows them). The seed was fixed before the game began, so it could not be picked to suit anyone.
          </p>
        </li>
        <li>
          <h2>At the end, anyone can check</h2>
          <p>
            When the game is over the server reveals its seed. Anyone can then replay the whole game and check that the seed matches its
            fingerprint and that nothing was changed: tap <strong>Verify</strong> on a game in Played Games, or run{' '}
            <code>npm run verify</code> on the game's proof.
          </p>
        </li>
      </ol>
      <Link className="button button--secondary button--block fairness-link" to="/played-games-history">
        Verify a played game
      </Link>
    </PageFrame>
  );
}
