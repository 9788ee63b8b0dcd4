import type { GameProof, VerifiedStep } from '../../../protocol/fairness.ts';
import { formatDate } from '../../ui/formatDate.ts';
import { actionText, plural, stepTime, verifiedHeadline, whoText } from './verdictText.ts';

interface ProofHoldsProps {
  proof: GameProof;
  steps: readonly VerifiedStep[];
  myId: string | undefined;
  /** Whether this device kept the hash it was shown when the game started (and the proof matched it). */
  hashKept: boolean;
  /** Whether this device kept the client seed the server took from it (and the proof has it for the player). */
  seedKept: boolean;
}

/** A proof that holds: the verdict in one sentence, the three seeds, then every step replayed. */
export function ProofHolds({ proof, steps, myId, hashKept, seedKept }: ProofHoldsProps) {
  const who = (actor: string) => whoText(actor, proof.players, myId);
  return (
    <>
      <section className="card verify-verdict verify-verdict--ok" data-testid="verify-verdict">
        <h2 className="verify-verdict__title">Verified</h2>
        <p>{verifiedHeadline(proof.gameMode, steps)}</p>
        <p className="muted">Played {formatDate(proof.created)}</p>
      </section>

      <section className="verify-section">
        <h2 className="verify-section__title">Seeds</h2>
        <dl className="verify-seeds" data-testid="verify-seeds">
          <div>
            <dt>Server seed, revealed after the game</dt>
            <dd className="verify-hex">{proof.serverSeed}</dd>
          </div>
          <div>
            <dt>Its SHA-256, published when the game started</dt>
            <dd className="verify-hex">{proof.seedHash}</dd>
            <dd className="muted" data-testid="verify-commitment">
              {hashKept
                ? 'The same hash this device was shown when the game started.'
                : 'This device did not see this game start, so the hash could only be checked against the proof itself.'}
            </dd>
          </div>
          {proof.players.map((player, seat) => {
            const name = who(player);
            return (
              <div key={player}>
                <dt>{name === 'You' ? 'Your seed' : `${name}'s seed`}</dt>
                <dd className={proof.clientSeeds[seat] ? 'verify-hex' : 'muted'}>{proof.clientSeeds[seat] || 'none sent'}</dd>
                {/* Said only when it was checked: with no seed kept, the page claims nothing about it. */}
                {seedKept && name === 'You' && (
                  <dd className="muted" data-testid="verify-client-seed">
                    Your seed is the one this device sent.
                  </dd>
                )}
              </div>
            );
          })}
        </dl>
      </section>

      <section className="verify-section">
        <h2 className="verify-section__title">Steps</h2>
        <ol className="verify-steps">
          {steps.map((step) => (
            <li key={step.step} className="verify-step" data-testid="verify-step">
              <span className="verify-step__number">{step.step}</span>
              <span className="verify-step__time">{stepTime(step.at)}</span>
              <span className="verify-step__who">{who(step.actor)}</span>
              <span className="verify-step__what">{actionText[step.action]}</span>
              {step.move && (
                <span className="verify-step__move" data-testid="verify-step-move">
                  <StepLine line={step.move} who={who} />
                </span>
              )}
              {step.drawn && step.drawn.length > 0 && (
                <ul className="verify-step__drawn" data-testid="verify-step-drawn">
                  {step.drawn.map((line, index) => (
                    <li key={index}>
                      <StepLine line={line} who={who} />
                    </li>
                  ))}
                </ul>
              )}
              {step.draws > 0 && <span className="verify-step__draws">{plural(step.draws, 'random draw')}</span>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** A line of a step's words; one about a player starts with their name as this page says it ("You: rolled 5 and 3"). */
function StepLine({ line, who }: { line: NonNullable<VerifiedStep['move']>; who: (actor: string) => string }) {
  if (line.player === undefined) return <>{line.text}</>;
  return (
    <>
      <span className="verify-step__subject">{who(line.player)}:</span> {line.text}
    </>
  );
}
