import { Button, Caption, Text } from '@telegram-apps/telegram-ui';
import { useEffect, useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AUTO_EMPTY_MOVE_MS, BACKGAMMON_TURN_MS, type BackgammonGameView, type BackgammonStep } from '../../../protocol/backgammon.ts';
import { formatBet } from '../../i18n/format.ts';
import type { GameUpdate } from '../../../protocol/game.ts';
import type { User } from '../../../protocol/user.ts';
import { otherColor, trayOf } from '../../../rules/backgammon/board.ts';
import { pipCount, stepOptions, turnOfView } from '../../../rules/backgammon/index.ts';
import { ChatMenu } from '../../ui/ChatMenu.tsx';
import { GameCanceledPopup } from '../../ui/GameCanceledPopup.tsx';
import { GameEndPopup } from '../../ui/GameEndPopup.tsx';
import { GameSettingsMenu } from '../../ui/GameSettingsMenu.tsx';
import { LeaveGamePopup } from '../../ui/LeaveGamePopup.tsx';
import { BackgammonBoard } from './BackgammonBoard.tsx';
import { BackgammonPlayer, type BackgammonPlayerInfo } from './BackgammonPlayer.tsx';
import { CHECKER_MOVE_MS, createBackgammonStore } from './backgammonStore.ts';
import { checkerColorsOf, playSteps, slotIdsOf, wireCountsOf } from './boardModel.ts';
import { BoardDice } from './BoardDice.tsx';
import { Confetti } from './Confetti.tsx';
import { shownDice, statusText } from './tableText.ts';

interface BackgammonTableProps {
  update: GameUpdate<BackgammonGameView>;
  clockOffset: number;
  me: Pick<User, '_id' | 'nickname' | 'country' | 'score' | 'photoUrl' | 'avatarUrl'>;
}

const NOTHING: ReadonlySet<number> = new Set();
const NO_STEPS: readonly BackgammonStep[] = [];

/** One Backgammon game, drawn from the live game store; keyed by game id, so a rematch starts clean. */
export function BackgammonTable({ update, clockOffset, me }: BackgammonTableProps) {
  const { game, opponents } = update;
  const { t } = useTranslation();
  const myId = me._id;
  const opponentInfo = opponents[0];
  const opponentId = game.userIds.find((id) => id !== myId) ?? opponentInfo?._id ?? '';
  const [store] = useState(createBackgammonStore);
  const local = useSnapshot(store.state);
  const [leaving, setLeaving] = useState(false);

  // Before paint, so a replayed turn starts from the board it was played on, never from its result.
  useLayoutEffect(() => store.sync(game, myId), [store, game, myId]);

  // The render of a new version before sync() has run shows nothing of the old version's move or
  // animation, and counts as animating: no end popup (and its buzz) before a last move has played out.
  const synced = local.v === game.v;
  const frame = synced && local.animation ? (local.animation.frames[local.animation.index] ?? null) : null;
  const pending = synced ? local.pending : NO_STEPS;
  useEffect(() => {
    if (!frame) return;
    const timer = setTimeout(store.advance, frame.ms);
    return () => clearTimeout(timer);
  }, [store, frame]);

  const canceled = game.status === 'canceled' || game.phase === 'game-canceled';
  const running = game.status === 'in-progress' && !canceled;
  const completed = game.status === 'completed' && !canceled;
  const myColor = game.playerColors[myId] ?? 'white';
  const opponentColor = otherColor(myColor);
  const myTurn = running && game.turn === myId && (game.phase === 'move-checker' || game.phase === 'game-start');
  const turn = useMemo(() => (myTurn ? turnOfView(game) : null), [myTurn, game]);
  const options = useMemo(() => (turn ? stepOptions(turn, pending) : null), [turn, pending]);
  const animating = !synced || frame !== null;
  const noLegalMove = myTurn && game.possibleMoves.length === 0;
  const interactive = myTurn && !animating && !local.sending && !noLegalMove && options !== null;

  // Pending steps the rules can no longer finish into a legal move are voided.
  const dead = turn !== null && pending.length > 0 && options === null;
  useEffect(() => {
    if (dead) store.voidMoves();
  }, [dead, store]);

  // Spec §4: nothing can move — the empty move goes by itself 2.5 s after the turn arrived.
  useEffect(() => {
    if (!noLegalMove) return;
    const timer = setTimeout(() => void store.pass(game), AUTO_EMPTY_MOVE_MS);
    return () => clearTimeout(timer);
  }, [noLegalMove, game, store]);

  const colors = useMemo(() => checkerColorsOf(game.board), [game.board]);
  const serverSlots = useMemo(() => slotIdsOf(game.board), [game.board]);
  const slots = useMemo(() => {
    if (frame?.kind === 'replay') return frame.slots;
    if (pending.length > 0 && options) return playSteps(serverSlots, colors, myColor, pending);
    return serverSlots;
  }, [frame, pending, options, serverSlots, colors, myColor]);
  // The panels count what the board shows, pending steps and replays included.
  const counts = useMemo(() => wireCountsOf(slots, colors), [slots, colors]);

  const movable = useMemo(
    () => (interactive && options ? new Set(options.next.map((step) => step.currentPoint)) : NOTHING),
    [interactive, options],
  );
  const targets = useMemo(
    () =>
      interactive && options && local.selected !== null
        ? new Set(options.next.filter((step) => step.currentPoint === local.selected).map((step) => step.targetPoint))
        : NOTHING,
    [interactive, options, local.selected],
  );

  const player: BackgammonPlayerInfo = { id: myId, nickname: me.nickname, country: me.country, score: me.score, photoUrl: me.photoUrl ?? me.avatarUrl };
  const opponent: BackgammonPlayerInfo = {
    id: opponentId,
    nickname: opponentInfo?.nickname ?? game.usernames[opponentId] ?? t('backgammon.opponent'),
    country: opponentInfo?.country ?? null,
    score: opponentInfo?.score ?? 0,
    photoUrl: opponentInfo?.photoUrl ?? null,
  };
  // The 25 s ring of the player to move, on this device's clock.
  const turnDeadline = running && game.timerStartTime !== null ? game.timerStartTime + BACKGAMMON_TURN_MS - clockOffset : null;
  const dice = shownDice({ game, frame, myId, myColor, running, diceLeft: myTurn ? (options?.diceLeft ?? null) : null });
  const status = statusText(t, {
    game,
    frame,
    myId,
    opponentName: opponent.nickname,
    running,
    myTurn,
    noLegalMove,
    sending: local.sending,
    pending: pending.length,
    complete: options?.complete === true,
    selected: local.selected !== null,
  });
  const showConfirm = myTurn && !animating && options?.complete === true && pending.length > 0;

  return (
    <div className="bg" style={{ '--bg-move-ms': `${CHECKER_MOVE_MS}ms` } as CSSProperties}>
      <header className="bg__bar">
        <GameSettingsMenu onLeave={() => setLeaving(true)} game={game} myId={myId} />
        <div className="bg__title">
          <Text Component="p" weight="1">
            {t('games.backgammon.name')}
          </Text>
          <Caption Component="p" className="bg__stake">
            {game.betAmount === 0 ? t('backgammon.freeGame') : t('backgammon.bet', { bet: formatBet(game.betAmount) })}
          </Caption>
        </div>
        <ChatMenu gameMode="backgammon" gameId={game._id} playerId={myId} />
      </header>

      <div className="bg__table">
        <BackgammonPlayer
          player={opponent}
          side="opponent"
          color={opponentColor}
          pips={pipCount(counts, opponentColor)}
          borneOff={slots[trayOf(opponentColor)]?.length ?? 0}
          deadline={running && game.turn === opponentId ? turnDeadline : null}
          autoTurns={game.autoTurns[opponentId] ?? 0}
        />

        <BackgammonBoard
          board={game.board}
          slots={slots}
          colors={colors}
          viewer={myColor}
          movable={movable}
          selected={interactive ? local.selected : null}
          targets={targets}
          onTap={(point) => {
            // Spec §5: only on our turn, and never while something animates or a move is on its way.
            if (interactive) store.tap(point, options);
          }}
        >
          <BoardDice mine={dice.mine} opponent={dice.opponent} />
        </BackgammonBoard>

        <div className="bg-controls">
          <Text Component="p" weight="2" className="bg-controls__status" role="status" data-testid="bg-status">
            {status}
          </Text>
          <Button
            className="bg-controls__button"
            mode="bezeled"
            size="m"
            stretched
            disabled={!interactive || pending.length === 0}
            onClick={store.voidMoves}
          >
            <span className="bg-controls__label">{t('backgammon.void')}</span>
          </Button>
          {showConfirm ? (
            <Button
              className="bg-controls__button bg-controls__confirm"
              mode="filled"
              size="m"
              stretched
              disabled={local.sending}
              onClick={() => void store.confirm(game)}
            >
              <span className="bg-controls__label">{t('backgammon.confirm')}</span>
            </Button>
          ) : (
            <span className="bg-controls__spacer" aria-hidden="true" />
          )}
        </div>

        <BackgammonPlayer
          player={player}
          side="player"
          color={myColor}
          pips={pipCount(counts, myColor)}
          borneOff={slots[trayOf(myColor)]?.length ?? 0}
          deadline={running && game.turn === myId ? turnDeadline : null}
          autoTurns={game.autoTurns[myId] ?? 0}
        />
      </div>

      {leaving && running && <LeaveGamePopup gameMode="backgammon" gameId={game._id} onCancel={() => setLeaving(false)} />}
      {completed && !animating && <GameEndPopup game={game} playerId={myId} />}
      {completed && !animating && game.winners.includes(myId) && <Confetti />}
      {canceled && <GameCanceledPopup />}
    </div>
  );
}
