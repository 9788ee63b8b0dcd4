import { useTranslation } from 'react-i18next';
import type { BlotCard, BlotGameView } from '../../../protocol/blot.ts';
import { CardFace } from './BlotCard.tsx';
import { combinationName, contractName, shortCardName } from './blotView.ts';

const BIDDING = new Set(['trump-decision', 'trump-selection', 'trump-final-selection']);

interface BlotFeltProps {
  game: BlotGameView;
  myId: string;
  opponentName: string;
  /** The card on its way to the table (animated from its player's side). */
  flying: string | null;
  /** The trick just completed stays on the table a moment. */
  showingLastTrick: boolean;
}

interface TableCard {
  card: BlotCard;
  owner: string;
  autoPlayed: boolean;
}

/**
 * The middle of the table: during bidding the face-up card (and the proposed trump); from then on the
 * contract and who chose it, the current trick (the last one briefly once complete), and the winning
 * combination's cards while they are on show.
 */
export function BlotFelt({ game, myId, opponentName, flying, showingLastTrick }: BlotFeltProps) {
  const { t } = useTranslation();
  const nameOf = (id: string | null) => (id === myId ? t('blot.you') : opponentName);
  const bidding = BIDDING.has(game.phase);
  const faceUp = game.faceUpCardCopy;

  const onTable: TableCard[] =
    game.playedCards.length > 0
      ? game.playedCards.map((card) => ({ card, owner: card.player, autoPlayed: card.autoPlayed }))
      : showingLastTrick
        ? game.lastPlayedCards.map(({ card, playerId }) => ({ card, owner: playerId, autoPlayed: false }))
        : [];
  const shownWinner = game.showCombinations ? game.winnerCombinations : null;
  const shownCombinations = shownWinner ? (game.combinationCards[shownWinner] ?? []) : [];

  return (
    <section className="blot-felt" aria-label={t('blot.felt.table')}>
      <div className="blot-felt__info">
        {game.trumpSuit !== null ? (
          <p className="blot-trump" data-testid="blot-trump" data-contract={game.trumpSuit}>
            <span className="blot-trump__label">{game.trumpSuit === 'anxoz' ? t('blot.felt.noTrump') : t('blot.felt.trump')}</span>
            <strong className={`blot-trump__suit blot-trump__suit--${game.trumpSuit}`}>{contractName(t, game.trumpSuit)}</strong>
            {game.trumpSuitSelectedBy !== null && (
              <span className="blot-trump__by">
                {game.trumpSuitSelectedBy === myId ? t('blot.felt.chosenByMe') : t('blot.felt.chosenBy', { name: opponentName })}
              </span>
            )}
          </p>
        ) : game.proposedTrump !== null ? (
          <p className="blot-trump blot-trump--proposed" data-testid="blot-proposed">
            <span className="blot-trump__label">{t('blot.felt.proposed')}</span>
            <strong className={`blot-trump__suit blot-trump__suit--${game.proposedTrump}`}>{contractName(t, game.proposedTrump)}</strong>
          </p>
        ) : (
          <p className="blot-trump blot-trump--none">{t('blot.felt.bidding')}</p>
        )}
        {!bidding && faceUp && (
          <p className="blot-felt__face-up-note">
            <CardFace card={faceUp} className="blot-card blot-card--mini" />
            {!game.faceUpCardTakenBy
              ? t('blot.felt.setAside')
              : game.faceUpCardTakenBy === myId
                ? t('blot.felt.takenByMe')
                : t('blot.felt.takenBy', { name: opponentName })}
          </p>
        )}
      </div>

      {bidding && faceUp ? (
        <figure className="blot-felt__face-up" data-testid="face-up-card">
          <CardFace card={faceUp} className="blot-card blot-card--large" />
          <figcaption>{t('blot.felt.faceUp')}</figcaption>
        </figure>
      ) : (
        <ol className={showingLastTrick && game.playedCards.length === 0 ? 'blot-trick blot-trick--last' : 'blot-trick'} aria-label={t('blot.felt.onTable')} data-testid="trick">
          {onTable.map(({ card, owner, autoPlayed }) => {
            const side = owner === myId ? 'mine' : 'theirs';
            const classes = ['blot-trick__card', `blot-trick__card--${side}`];
            if (card._id === flying) classes.push('blot-trick__card--flying');
            return (
              <li key={card._id} className={classes.join(' ')} data-owner={side}>
                <CardFace card={card} />
                {autoPlayed && <span className="blot-trick__auto">{t('blot.felt.auto')}</span>}
              </li>
            );
          })}
        </ol>
      )}

      {shownWinner && shownCombinations.length > 0 && (
        <p className="blot-felt__combinations" data-testid="shown-combinations">
          {nameOf(shownWinner)}:{' '}
          {shownCombinations.map((combo) => `${combinationName(t, combo.kind)} ${combo.cards.map(shortCardName).join(' ')}`).join(', ')}
        </p>
      )}
    </section>
  );
}
