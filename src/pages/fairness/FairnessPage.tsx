import { Link } from 'react-router-dom';
import { CLIENT_SEED_WAIT_MS, FAIRNESS_VERSION } from '../../../protocol/fairness.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import './fairness.css';

const waitSeconds = CLIENT_SEED_WAIT_MS / 1000;

/** /fairness: provably fair games (issue 18) in plain words, one screen, from More and a game's Fairness sheet. */
export function FairnessPage() {
  return (
    <PageFrame title="How fairness works">
      <ol className="fairness-steps">
        <li>
          <h2>The server picks a secret seed</h2>
          <p>
            Before the game, the server picks a secret random number, its seed, and shows both players only its fingerprint (a SHA-256 hash).
            The fingerprint pins the seed down without giving it away.
          </p>
        </li>
        <li>
          <h2>Both apps add their own seeds</h2>
          <p>
            As the game starts, each player's app sends a random seed made on the phone (you can set yours under Fairness in a game's
            settings). The first roll or deal waits for both, at most {waitSeconds} seconds; a seed that has not come by then counts as empty.
          </p>
        </li>
        <li>
          <h2>Every draw comes from all three</h2>
          <p>
            The game's seed is <code>HMAC-SHA256(server seed, "{FAIRNESS_VERSION}|game id|seed 1|seed 2")</code>, and every dice roll, card
            deal and auto-pick is drawn from it. The server fixed its seed before seeing yours, and neither player could see the server's: so
            nobody could choose the draws.
          </p>
        </li>
        <li>
          <h2>At the end, anyone can check</h2>
          <p>
            When the game is over the server reveals its seed. <strong>Verify</strong> replays the whole game: the seed must match its
            fingerprint, and every draw and move must come out the same. Tap Verify on a game in Played Games, or run{' '}
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
