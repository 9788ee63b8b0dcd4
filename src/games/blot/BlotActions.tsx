import {
  blotCombinationNames,
  blotSuits,
  blotSuitSymbols,
  blotText,
  type BlotCombination,
  type BlotGameView,
  type BlotTrumpChoice,
  type CombinationDecision,
} from '../../../protocol/blot.ts';
import { contractName, shortCardName, suitNames } from './blotView.ts';

interface BlotActionsProps {
  game: BlotGameView;
  /** The action awaited is ours (the table checked the game runs and it is our turn). */
  myTurn: boolean;
  /** An action is on its way, or a card is still landing. */
  busy: boolean;
  /** Our combinations (with their cards), for the Announce/Cancel choice. */
  myCombinations: readonly BlotCombination[];
  decision: CombinationDecision | null;
  onTrumpDecision: (takeCard: boolean) => void;
  onTrumpSelection: (choice: BlotTrumpChoice) => void;
  onFinalTrumpDecision: (withCard: boolean) => void;
  onDecision: (decision: CombinationDecision) => void;
}

/**
 * The buttons of the phase, offered only to the player whose turn it is: Take / Pass; a suit, Anxoz or
 * Pass (the face-up card's suit was refused, so it is not offered); With Card / Without; and in trick 1,
 * Announce / Cancel for a player holding a combination, sent with the first card.
 */
export function BlotActions(props: BlotActionsProps) {
  const { game, myTurn, busy, myCombinations, decision } = props;
  if (!myTurn) return <div className="blot-actions blot-actions--idle" aria-hidden="true" />;

  switch (game.phase) {
    case 'trump-decision':
      return (
        <div className="blot-actions" role="group" aria-label="Trump decision">
          <button className="button blot-actions__button" type="button" disabled={busy} onClick={() => props.onTrumpDecision(true)}>
            {blotText.take}
          </button>
          <button className="button button--secondary blot-actions__button" type="button" disabled={busy} onClick={() => props.onTrumpDecision(false)}>
            {blotText.pass}
          </button>
        </div>
      );
    case 'trump-selection': {
      const refused = game.faceUpCardCopy?.suit ?? null;
      return (
        <div className="blot-actions blot-actions--suits" role="group" aria-label="Choose trump">
          {blotSuits
            .filter((suit) => suit !== refused)
            .map((suit) => (
              <button
                key={suit}
                className={`button button--secondary blot-actions__suit blot-actions__suit--${suit}`}
                type="button"
                disabled={busy}
                onClick={() => props.onTrumpSelection(suit)}
              >
                <span className="blot-actions__symbol" aria-hidden="true">
                  {blotSuitSymbols[suit]}
                </span>
                {suitNames[suit]}
              </button>
            ))}
          <button className="button button--secondary blot-actions__suit" type="button" disabled={busy} onClick={() => props.onTrumpSelection('anxoz')}>
            {blotText.anxoz}
          </button>
          <button className="button button--secondary blot-actions__suit blot-actions__suit--pass" type="button" disabled={busy} onClick={() => props.onTrumpSelection('pass')}>
            {blotText.pass}
          </button>
        </div>
      );
    }
    case 'trump-final-selection':
      return (
        <div className="blot-actions" role="group" aria-label={`Play ${game.proposedTrump ? contractName(game.proposedTrump) : ''} with the face-up card?`}>
          <button className="button blot-actions__button" type="button" disabled={busy} onClick={() => props.onFinalTrumpDecision(true)}>
            {blotText.withCard}
          </button>
          <button className="button button--secondary blot-actions__button" type="button" disabled={busy} onClick={() => props.onFinalTrumpDecision(false)}>
            {blotText.without}
          </button>
        </div>
      );
    case 'in-progress':
    case 'trick-in-progress':
      if (!game.combinationDecisionRequired) return <div className="blot-actions blot-actions--idle" aria-hidden="true" />;
      return (
        <div className="blot-actions blot-actions--combinations" role="group" aria-label="Your combinations">
          <p className="blot-actions__combinations" data-testid="my-combinations">
            {myCombinations.map((combo) => `${blotCombinationNames[combo.kind]} (${combo.cards.map(shortCardName).join(' ')})`).join(', ')}
          </p>
          {(['announce', 'cancel'] as const).map((choice) => (
            <button
              key={choice}
              className={decision === choice ? 'button blot-actions__button' : 'button button--secondary blot-actions__button'}
              type="button"
              aria-pressed={decision === choice}
              disabled={busy}
              onClick={() => props.onDecision(choice)}
            >
              {choice === 'announce' ? blotText.announce : blotText.cancel}
            </button>
          ))}
        </div>
      );
    default:
      return <div className="blot-actions blot-actions--idle" aria-hidden="true" />;
  }
}
