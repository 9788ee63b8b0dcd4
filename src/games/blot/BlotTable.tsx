import { Caption, Snackbar, Text } from '@telegram-apps/telegram-ui';
import { useEffect, useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { BLOT_END_RESULT_DELAY_MS, BLOT_ROUND_CANCELED_MS, BLOT_ROUND_RESULTS_MS, type BlotCard, type BlotGameView } from '../../../protocol/blot.ts';
import { formatBet } from '../../i18n/format.ts';
import type { GameUpdate } from '../../../protocol/game.ts';
import type { User } from '../../../protocol/user.ts';
import { legalCardsOfView } from '../../../rules/blot/index.ts';
import { ChatMenu } from '../../ui/ChatMenu.tsx';
import { GameCanceledPopup } from '../../ui/GameCanceledPopup.tsx';
import { GameEndPopup } from '../../ui/GameEndPopup.tsx';
import { GameSettingsMenu } from '../../ui/GameSettingsMenu.tsx';
import { LeaveGamePopup } from '../../ui/LeaveGamePopup.tsx';
import { BlotActions } from './BlotActions.tsx';
import { preloadCardImages } from './BlotCard.tsx';
import { BlotHand, OpponentHand } from './BlotHand.tsx';
import { BlotPlayer, type BlotPlayerInfo, type BlotSpeech } from './BlotPlayer.tsx';
import { BlotRoundResultsPopup } from './BlotRoundResults.tsx';
import { CARD_FLIGHT_MS, createBlotStore, ERROR_SHOWN_MS, LAST_TRICK_MS } from './blotStore.ts';
import { BlotFelt } from './BlotFelt.tsx';
import { actionText, combinationList, sortHand, statusText } from './blotView.ts';
import { useShownAfter, useShownFor } from './useTimedKey.ts';

interface BlotTableProps {
  update: GameUpdate<BlotGameView>;
  clockOffset: number;
  me: Pick<User, '_id' | 'nickname' | 'country' | 'score' | 'photoUrl' | 'avatarUrl'>;
}

const PLAYING = new Set(['in-progress', 'trick-in-progress']);

/** One Belote game, drawn from the live game store; keyed by game id, so a rematch starts clean. */
export function BlotTable({ update, clockOffset, me }: BlotTableProps) {
  const { game, opponents } = update;
  const { t } = useTranslation();
  const myId = me._id;
  const opponentInfo = opponents[0];
  const opponentId = game.userIds.find((id) => id !== myId) ?? opponentInfo?._id ?? '';
  const [store] = useState(createBlotStore);
  const local = useSnapshot(store.state);
  const [leaving, setLeaving] = useState(false);

  useEffect(preloadCardImages, []);
  // Before paint, so a card just played is drawn flying in, never first sitting on the table.
  useLayoutEffect(() => store.sync(game), [store, game]);

  // A new version not yet synced counts as animating: no tap lands on a table about to change.
  const synced = local.v === game.v;
  const flying = synced ? local.flying : null;
  const showingLastTrick = synced && local.showingLastTrick;
  useEffect(() => {
    if (!flying) return;
    const timer = setTimeout(store.land, CARD_FLIGHT_MS);
    return () => clearTimeout(timer);
  }, [store, flying]);
  useEffect(() => {
    if (!showingLastTrick || flying) return;
    const timer = setTimeout(store.clearLastTrick, LAST_TRICK_MS);
    return () => clearTimeout(timer);
  }, [store, showingLastTrick, flying]);
  const animating = !synced || flying !== null || showingLastTrick;

  const canceled = game.status === 'canceled' || game.phase === 'game-canceled';
  const running = game.status === 'in-progress' && !canceled;
  const completed = game.status === 'completed' && !canceled;
  const myTurn = running && game.turn === myId;
  const cardPlay = PLAYING.has(game.phase);
  const decisionPending = myTurn && cardPlay && game.combinationDecisionRequired && local.decision === null;
  const busy = local.sending || animating;

  // Spec §5: only on our turn, a legal card, and never while a card is flying or an action is on its way.
  const legal = useMemo(() => new Set(legalCardsOfView(game, myId).map((card) => card._id)), [game, myId]);
  const playable = myTurn && cardPlay && !busy && !decisionPending ? legal : null;
  const hand = useMemo(() => sortHand(game.hands[myId] ?? [], game.trumpSuit), [game.hands, game.trumpSuit, myId]);
  const play = (card: BlotCard) => {
    if (playable?.has(card._id)) void store.playCard(game, card);
  };

  const player: BlotPlayerInfo = { id: myId, nickname: me.nickname, country: me.country, score: me.score, photoUrl: me.photoUrl ?? me.avatarUrl };
  const opponent: BlotPlayerInfo = {
    id: opponentId,
    nickname: opponentInfo?.nickname ?? game.usernames[opponentId] ?? t('blot.opponent'),
    country: opponentInfo?.country ?? null,
    score: opponentInfo?.score ?? 0,
    photoUrl: opponentInfo?.photoUrl ?? null,
  };
  // The 25 s of whoever is to act, on this device's clock (the server's deadline, corrected for skew).
  const turnDeadline = running && game.turn !== null && game.deadlineAt !== null ? game.deadlineAt - clockOffset : null;
  const speechOf = (id: string): BlotSpeech[] => {
    const action = game.playerActions[id] ?? null;
    const words = action ? [actionText(t, action)] : [];
    if (action === 'announce') words.push(...combinationList(t, game.combinations[id]));
    const speech = words.map((text) => ({ text, blot: false }));
    if (game.blotAnnounced[id]) speech.push({ text: t('blot.action.blot'), blot: true });
    return speech;
  };
  const seat = (id: string) => ({
    points: game.totalGamePoints[id] ?? 0,
    roundPoints: game.roundPoints[id] ?? 0,
    dealer: game.dealer === id,
    deadline: game.turn === id ? turnDeadline : null,
    speech: speechOf(id),
    autoActions: game.autoActions[id] ?? 0,
  });

  // The popups and notices of the round's end, each for its time (spec §4).
  const endShown = useShownAfter(completed ? game._id : null, BLOT_END_RESULT_DELAY_MS);
  const roundOver = (running && game.phase === 'round-completed') || (completed && game.endReason === null);
  const resultsKey = roundOver && !animating && game.roundResults.details.length > 0 ? `${game._id}-${game.dealNumber}` : null;
  const resultsShown = useShownFor(resultsKey, BLOT_ROUND_RESULTS_MS) && !endShown;
  const roundCanceled = useShownFor(running && game.phase === 'round-canceled' ? `${game._id}-${game.dealNumber}` : null, BLOT_ROUND_CANCELED_MS);
  const error = local.error;
  const errorShown = useShownFor(error ? String(error.id) : null, ERROR_SHOWN_MS);

  const status = statusText(t, { game, myId, opponentName: opponent.nickname, running, decisionPending });

  return (
    <div className="blot" style={{ '--blot-flight-ms': `${CARD_FLIGHT_MS}ms` } as CSSProperties}>
      <header className="blot__bar">
        <GameSettingsMenu onLeave={() => setLeaving(true)} game={game} myId={myId} />
        <div className="blot__title">
          <Text Component="p" weight="1">
            {t('games.blot.name')}
          </Text>
          <Caption Component="p" className="blot__stake">
            {game.betAmount === 0 ? t('blot.freeGame') : t('blot.bet', { bet: formatBet(game.betAmount) })}
          </Caption>
        </div>
        <ChatMenu gameMode="blot" gameId={game._id} playerId={myId} />
      </header>

      <BlotPlayer player={opponent} side="opponent" {...seat(opponentId)} />
      <OpponentHand count={game.handCounts[opponentId] ?? 0} />

      <BlotFelt game={game} myId={myId} opponentName={opponent.nickname} flying={flying} showingLastTrick={showingLastTrick} />

      <div className="blot__controls">
        <Text Component="p" weight="2" className="blot__status" role="status" data-testid="blot-status">
          {status}
        </Text>
        {/* Each notice's time is kept by useShownFor, which takes it away; the Snackbar's own close is a no-op. */}
        {errorShown && error && (
          <Snackbar className="blot__notice" role="alert" duration={ERROR_SHOWN_MS} onClose={() => store.clearError(error.id)}>
            {error.text}
          </Snackbar>
        )}
        <BlotActions
          game={game}
          myTurn={myTurn}
          busy={busy}
          myCombinations={game.combinationCards[myId] ?? []}
          decision={local.decision}
          onTrumpDecision={(takeCard) => void store.decideTrump(game, takeCard)}
          onTrumpSelection={(choice) => void store.selectTrump(game, choice)}
          onFinalTrumpDecision={(withCard) => void store.decideFinalTrump(game, withCard)}
          onDecision={store.chooseDecision}
        />
      </div>

      <BlotHand cards={hand} playable={playable} playing={local.playing} onPlay={play} />
      <BlotPlayer player={player} side="player" {...seat(myId)} />

      {roundCanceled && (
        <Snackbar className="blot__notice" role="status" data-testid="round-canceled" duration={BLOT_ROUND_CANCELED_MS} onClose={() => undefined}>
          {t('blot.roundCanceled')}
        </Snackbar>
      )}
      {resultsShown && <BlotRoundResultsPopup results={game.roundResults} myId={myId} opponentName={opponent.nickname} />}
      {leaving && running && <LeaveGamePopup gameMode="blot" gameId={game._id} onCancel={() => setLeaving(false)} />}
      {completed && endShown && <GameEndPopup game={game} playerId={myId} />}
      {canceled && <GameCanceledPopup />}
    </div>
  );
}
