import { useTranslation } from 'react-i18next';
import type { BlotCard } from '../../../protocol/blot.ts';
import { CardBack, CardFace } from './BlotCard.tsx';

interface BlotHandProps {
  /** Sorted as the player fans them. */
  cards: readonly BlotCard[];
  /** On our card to play: the ids the rules allow; null when no card may be played now. */
  playable: ReadonlySet<string> | null;
  /** The tapped card on its way to the server. */
  playing: string | null;
  onPlay: (card: BlotCard) => void;
}

/**
 * Our hand, face up. On our card to play the legal cards stand out and the others are dimmed; a tap on
 * a dimmed card, or any tap when no card may be played, does nothing (the table decides `playable`).
 */
export function BlotHand({ cards, playable, playing, onPlay }: BlotHandProps) {
  const { t } = useTranslation();
  return (
    <ul className="blot-hand" aria-label={t('blot.myHand', { count: cards.length })} data-testid="my-hand">
      {cards.map((card) => {
        const legal = playable?.has(card._id) ?? false;
        const state = playing === card._id ? 'playing' : playable === null ? 'idle' : legal ? 'legal' : 'illegal';
        return (
          <li key={card._id} className={`blot-hand__slot blot-hand__slot--${state}`}>
            <button
              className="blot-hand__card"
              type="button"
              aria-disabled={!legal}
              data-testid="hand-card"
              data-card={card._id}
              data-playable={legal}
              onClick={() => {
                if (legal) onPlay(card);
              }}
            >
              <CardFace card={card} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The opponent's hand: only how many cards they hold, face down. */
export function OpponentHand({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <ul className="blot-hand blot-hand--opponent" aria-label={t('blot.opponentHand', { count })} data-testid="opponent-hand">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="blot-hand__slot">
          <CardBack className="blot-card blot-card--small" />
        </li>
      ))}
    </ul>
  );
}
