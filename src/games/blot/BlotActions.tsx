import { Button } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  blotSuits,
  blotSuitSymbols,
  type BlotCombination,
  type BlotGameView,
  type BlotTrumpChoice,
  type CombinationDecision,
} from '../../../protocol/blot.ts';
import { combinationName, contractName, shortCardName, suitName } from './blotView.ts';

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

interface PhaseButtonProps {
  /** The answer the phase leans to (Take, With Card, the chosen Announce/Cancel): filled. */
  primary?: boolean;
  pressed?: boolean;
  disabled: boolean;
  onClick: () => void;
  before?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One of the phase's answers: telegram-ui's Button, its label free to wrap (long Russian and Armenian words). */
function PhaseButton({ primary = false, pressed, disabled, onClick, before, className, children }: PhaseButtonProps) {
  return (
    <Button
      className={className ? `blot-action ${className}` : 'blot-action'}
      mode={primary ? 'filled' : 'bezeled'}
      size="m"
      stretched
      disabled={disabled}
      aria-pressed={pressed}
      before={before}
      onClick={onClick}
    >
      <span className="blot-action__label">{children}</span>
    </Button>
  );
}

const idle = <div className="blot-actions blot-actions--idle" aria-hidden="true" />;

/**
 * The buttons of the phase, offered only to the player whose turn it is: Take / Pass; a suit, Anxoz or
 * Pass (the face-up card's suit was refused, so it is not offered); With Card / Without; and in trick 1,
 * Announce / Cancel for a player holding a combination, sent with the first card.
 */
export function BlotActions(props: BlotActionsProps) {
  const { game, myTurn, busy, myCombinations, decision } = props;
  const { t } = useTranslation();
  if (!myTurn) return idle;

  switch (game.phase) {
    case 'trump-decision':
      return (
        <div className="blot-actions" role="group" aria-label={t('blot.group.trumpDecision')}>
          <PhaseButton primary disabled={busy} onClick={() => props.onTrumpDecision(true)}>
            {t('blot.action.take')}
          </PhaseButton>
          <PhaseButton disabled={busy} onClick={() => props.onTrumpDecision(false)}>
            {t('blot.action.pass')}
          </PhaseButton>
        </div>
      );
    case 'trump-selection': {
      const refused = game.faceUpCardCopy?.suit ?? null;
      return (
        <div className="blot-actions blot-actions--suits" role="group" aria-label={t('blot.group.chooseTrump')}>
          {blotSuits
            .filter((suit) => suit !== refused)
            .map((suit) => (
              <PhaseButton
                key={suit}
                className={`blot-action--${suit}`}
                disabled={busy}
                onClick={() => props.onTrumpSelection(suit)}
                before={
                  <span className="blot-action__symbol" aria-hidden="true">
                    {blotSuitSymbols[suit]}
                  </span>
                }
              >
                {suitName(t, suit)}
              </PhaseButton>
            ))}
          <PhaseButton disabled={busy} onClick={() => props.onTrumpSelection('anxoz')}>
            {t('blot.action.anxoz')}
          </PhaseButton>
          <PhaseButton disabled={busy} onClick={() => props.onTrumpSelection('pass')}>
            {t('blot.action.pass')}
          </PhaseButton>
        </div>
      );
    }
    case 'trump-final-selection':
      return (
        <div
          className="blot-actions"
          role="group"
          aria-label={t('blot.group.finalTrump', { contract: game.proposedTrump ? contractName(t, game.proposedTrump) : '' })}
        >
          <PhaseButton primary disabled={busy} onClick={() => props.onFinalTrumpDecision(true)}>
            {t('blot.action.withCard')}
          </PhaseButton>
          <PhaseButton disabled={busy} onClick={() => props.onFinalTrumpDecision(false)}>
            {t('blot.action.without')}
          </PhaseButton>
        </div>
      );
    case 'in-progress':
    case 'trick-in-progress':
      if (!game.combinationDecisionRequired) return idle;
      return (
        <div className="blot-actions blot-actions--combinations" role="group" aria-label={t('blot.group.combinations')}>
          <p className="blot-actions__combinations" data-testid="my-combinations">
            {myCombinations.map((combo) => `${combinationName(t, combo.kind)} (${combo.cards.map(shortCardName).join(' ')})`).join(', ')}
          </p>
          {(['announce', 'cancel'] as const).map((choice) => (
            <PhaseButton key={choice} primary={decision === choice} pressed={decision === choice} disabled={busy} onClick={() => props.onDecision(choice)}>
              {t(`blot.action.${choice}`)}
            </PhaseButton>
          ))}
        </div>
      );
    default:
      return idle;
  }
}
