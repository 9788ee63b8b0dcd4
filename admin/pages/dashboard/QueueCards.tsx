import { useEffect, useRef } from 'react';
import type { GameMode } from '../../../protocol/constants.ts';
import { betLabel, betLevels, type QueueEntry } from '../../../protocol/game.ts';
import { useQueues } from '../../api/queues.ts';
import { queueCards } from '../../format.ts';
import { playQueueChime, unlockSoundOnFirstGesture, useSoundUnlocked } from '../../queueSound.ts';

const signatureOf = (queues: QueueEntry[]) =>
  queues
    .map((entry) => `${entry.gameMode}:${entry.betAmount}:${entry.count}`)
    .sort()
    .join('|');

/** Plays the chime whenever the waiting counts differ from the last ones seen (not on the first load). */
function useChimeOnChange(queues: QueueEntry[] | undefined) {
  const signature = queues ? signatureOf(queues) : null;
  const previous = useRef<string | null>(null);
  useEffect(() => unlockSoundOnFirstGesture(), []);
  // Runs only when the signature differs from the last render's: the same counts again are no change.
  useEffect(() => {
    if (signature === null) return;
    if (previous.current !== null) playQueueChime();
    previous.current = signature;
  }, [signature]);
}

function QueueCard({ mode, title, queues }: { mode: GameMode; title: string; queues: QueueEntry[] | undefined }) {
  const headingId = `queue-${mode}`;
  return (
    <article className="card admin-card queue-card" aria-labelledby={headingId} data-testid={`queue-${mode}`}>
      <h2 id={headingId}>{title}</h2>
      <ul className="queue-rows">
        {betLevels[mode].map(({ bet }) => {
          const count = queues?.find((entry) => entry.gameMode === mode && entry.betAmount === bet)?.count;
          const waiting = (count ?? 0) > 0;
          return (
            <li key={bet} className={waiting ? 'queue-row queue-row--active' : 'queue-row'} data-active={waiting}>
              <span className="queue-row__level">{betLabel(bet)}</span>
              <span className="queue-row__count" aria-label={`${count ?? 0} waiting`}>
                {count ?? '–'}
              </span>
            </li>
          );
        })}
      </ul>
    </article>
  );
}

/** Spec §2: a card per game with Free and three bet rows; a row with players waiting stands out. */
export function QueueCards() {
  const queues = useQueues();
  const soundOn = useSoundUnlocked();
  useChimeOnChange(queues.data);
  return (
    <section className="dashboard__queues" aria-label="Queues">
      <div className="dashboard__section-head">
        <h2 className="dashboard__section-title">Queues</h2>
        {!soundOn && <p className="muted">Click anywhere on the page to hear a chime when the queues change.</p>}
        {queues.isError && (
          <p className="form-error" role="alert">
            Failed to fetch queues
          </p>
        )}
      </div>
      <div className="queue-cards">
        {queueCards.map(({ mode, title }) => (
          <QueueCard key={mode} mode={mode} title={title} queues={queues.data} />
        ))}
      </div>
    </section>
  );
}
