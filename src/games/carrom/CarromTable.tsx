import { Caption, Text } from '@telegram-apps/telegram-ui';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import {
  CARROM_END_REDIRECT_MS,
  CARROM_STRIKER_MAX_X,
  CARROM_STRIKER_MIN_X,
  CARROM_TURN_MS,
  CARROM_TURN_MS_WITHOUT_START,
  boardUnits,
  type BoardPoint,
  type CarromGameView,
} from '../../../protocol/carrom.ts';
import type { GameUpdate } from '../../../protocol/game.ts';
import type { User } from '../../../protocol/user.ts';
import { placeStriker, shotError } from '../../../rules/carrom/index.ts';
import { formatMoney } from '../../i18n/format.ts';
import { ChatMenu } from '../../ui/ChatMenu.tsx';
import { GameCanceledPopup } from '../../ui/GameCanceledPopup.tsx';
import { GameEndPopup } from '../../ui/GameEndPopup.tsx';
import { GameSettingsMenu } from '../../ui/GameSettingsMenu.tsx';
import { LeaveGamePopup } from '../../ui/LeaveGamePopup.tsx';
import { CarromBoard } from './CarromBoard.tsx';
import { CarromNotice } from './CarromNotice.tsx';
import { CarromPlayer, type CarromPlayerInfo } from './CarromPlayer.tsx';
import { createCarromStore } from './carromStore.ts';
import { boardLabel, queenText, statusText } from './carromText.ts';
import { boardXToSlider, shotOf, sliderToBoardX, type Aim } from './geometry.ts';

interface CarromTableProps {
  update: GameUpdate<CarromGameView>;
  clockOffset: number;
  me: Pick<User, '_id' | 'nickname' | 'country' | 'score' | 'photoUrl' | 'avatarUrl'>;
}

const CENTRE_X = 150;

/** True once `deadline` (this device's clock) has passed, while `watching`. */
function useDeadlinePassed(deadline: number | null, watching: boolean): boolean {
  const [passed, setPassed] = useState<number | null>(null);
  useEffect(() => {
    if (!watching || deadline === null) return;
    const left = deadline - Date.now();
    if (left <= 0) {
      setPassed(deadline);
      return;
    }
    const timer = setTimeout(() => setPassed(deadline), left);
    return () => clearTimeout(timer);
  }, [deadline, watching]);
  return watching && deadline !== null && passed === deadline;
}

/** One Carrom game, drawn from the live game store; keyed by game id, so a rematch starts clean. */
export function CarromTable({ update, clockOffset, me }: CarromTableProps) {
  const { t } = useTranslation();
  const { game, opponents } = update;
  const myId = me._id;
  const navigate = useNavigate();
  const opponentInfo = opponents[0];
  const opponentId = game.userIds.find((id) => id !== myId) ?? opponentInfo?._id ?? '';
  const [store] = useState(createCarromStore);
  const local = useSnapshot(store.state);
  const [leaving, setLeaving] = useState(false);
  // The slider's value, left to right on this screen (65–235); the striker stands at the nearest free spot.
  const [sliderX, setSliderX] = useState(CENTRE_X);

  // Before paint, so a new shot starts from the board it was played on, never from its result.
  useLayoutEffect(() => store.sync(game, myId), [store, game, myId]);

  // A shot on screen carries on across versions (the answer to our own arrives while it plays). A version
  // sync() has not seen yet keeps the board as it was drawn: it may hold a shot still to be replayed.
  const synced = local.v === game.v;
  const shot = local.shot;
  // The simulation itself, as the store keeps it (valtio hands refs back untouched, but types them read-only).
  const shotOnBoard = shot && store.state.shot?.id === shot.id ? { id: shot.id, playback: store.state.shot.playback } : null;
  const animating = !synced || shot !== null;
  const canceled = game.status === 'canceled' || game.phase === 'game-canceled';
  const running = game.status === 'in-progress' && !canceled;
  const completed = game.status === 'completed' && !canceled;
  const myColor = game.playerColors[myId] ?? 'white';
  const opponentColor = myColor === 'white' ? 'black' : 'white';
  const flipped = myColor === 'black';
  const myTurn = running && game.turn === myId;

  // Spec §9: 22 s from the turn's start on the server's clock; 20 s from the update when there is none.
  const knownStart = game.timerStartTime ?? (game.deadlineAt !== null ? game.deadlineAt - CARROM_TURN_MS : null);
  const turnMs = knownStart !== null ? CARROM_TURN_MS : CARROM_TURN_MS_WITHOUT_START;
  const turnDeadline = !running ? null : knownStart !== null ? knownStart + CARROM_TURN_MS - clockOffset : local.arrivedAt + turnMs;
  // Spec §5: no shot once the turn's time is up (the server is about to pass it).
  const timedOut = useDeadlinePassed(turnDeadline, myTurn);
  const canAim = myTurn && !animating && !local.sending && !timedOut;

  const coins = game.boardState.coins;
  const requestedX = sliderToBoardX(sliderX, flipped);
  const spot = useMemo(() => placeStriker(coins, myColor, requestedX), [coins, myColor, requestedX]);
  const striker = useMemo<BoardPoint | null>(() => (canAim ? { x: boardUnits(spot.x), y: boardUnits(spot.y) } : null), [canAim, spot.x, spot.y]);

  const release = (aim: Aim) => {
    if (!canAim) return;
    const move = shotOf(aim, myId, spot.x);
    // A pull below 18 is no shot (spec §5): nothing is sent.
    if (!move || shotError(move, myId) !== null) return;
    void store.shoot(game, move);
  };

  const ended = completed && !animating;
  // Spec §4: a finished game's screen goes back to the lobby after 1,200,000 ms if nobody leaves it first.
  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(() => void navigate('/game', { replace: true }), CARROM_END_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [ended, navigate]);

  const player: CarromPlayerInfo = { id: myId, nickname: me.nickname, country: me.country, score: me.score, photoUrl: me.photoUrl ?? me.avatarUrl };
  const opponent: CarromPlayerInfo = {
    id: opponentId,
    nickname: opponentInfo?.nickname ?? game.usernames[opponentId] ?? t('table.player.opponent'),
    country: opponentInfo?.country ?? null,
    score: opponentInfo?.score ?? 0,
    photoUrl: opponentInfo?.photoUrl ?? null,
  };
  const ringOf = (id: string) => (running && !animating && game.turn === id ? turnDeadline : null);
  const phase = canceled ? 'game-canceled' : animating ? 'move-execution' : completed ? 'game-completed' : myTurn ? 'player-turn' : 'opponent-turn';
  const status = statusText(
    {
      running,
      myId,
      opponentName: opponent.nickname,
      shooterId: shot?.shooterId ?? null,
      myTurn,
      sending: local.sending,
      timedOut,
    },
    t,
  );
  // Read from the store itself for the same reason as the shot: the cause is a ref, typed read-only in snapshots.
  const notice = local.notice && store.state.notice?.id === local.notice.id ? store.state.notice : null;
  const queenSecuredBy = game.queenState === 'secured' ? game.queenPocketedBy : null;

  return (
    <div
      className="carrom"
      data-testid="carrom-table"
      data-phase={phase}
      data-turn={!running ? '' : myTurn ? 'me' : 'opponent'}
      data-shot={animating ? '' : String(game.lastMove?.shotNumber ?? 0)}
      data-v={game.v}
    >
      <header className="carrom__bar">
        <GameSettingsMenu onLeave={() => setLeaving(true)} game={game} myId={myId} />
        <div className="carrom__title">
          <Text weight="1" Component="p">
            {t('games.carrom.name')}
          </Text>
          <Caption level="1" Component="p" className="carrom__stake">
            {game.betAmount === 0 ? t('table.carrom.freeGame') : t('table.carrom.bet', { bet: formatMoney(game.betAmount) })}
          </Caption>
        </div>
        <ChatMenu gameMode="carrom" gameId={game._id} playerId={myId} />
      </header>

      <div className="carrom__table">
        <CarromPlayer
          player={opponent}
          side="opponent"
          color={opponentColor}
          pocketed={game.totalGamePoints[opponentId] ?? game.pocketedPieces[opponentId]?.length ?? 0}
          queen={queenSecuredBy === opponentId}
          deadline={ringOf(opponentId)}
          turnMs={turnMs}
          timeouts={game.timeouts[opponentId] ?? 0}
        />

        <div className="carrom__info">
          <p className="carrom__status" role="status" data-testid="carrom-status">
            {status}
          </p>
          <p className="carrom__queen" data-testid="queen-state">
            <span className="carrom-player__coin carrom-player__coin--queen" aria-hidden="true" />
            {queenText(game, myId, opponent.nickname, t)}
          </p>
        </div>

        <div className="carrom__board-wrap">
          <CarromBoard
            coins={coins}
            myColor={myColor}
            striker={striker}
            shot={shotOnBoard}
            frozen={!synced && shot === null}
            onShotEnd={store.ended}
            canAim={canAim}
            onRelease={release}
            label={boardLabel(coins, myColor, t)}
          />
          {notice && <CarromNotice key={notice.id} cause={notice.cause} myId={myId} opponentName={opponent.nickname} onDone={store.dismissNotice} />}
        </div>

        {/* Our own range input, not telegram-ui's Slider: that one never passes `disabled` on to its input. */}
        <label className="carrom-slider">
          <Caption level="1" className="carrom-slider__label">
            {t('table.carrom.strikerPosition')}
          </Caption>
          <input
            className="carrom-slider__input"
            type="range"
            min={CARROM_STRIKER_MIN_X}
            max={CARROM_STRIKER_MAX_X}
            step={1}
            value={sliderX}
            disabled={!canAim}
            aria-valuetext={t('table.carrom.strikerAt', { x: Math.round(boardXToSlider(spot.x, flipped)) })}
            onChange={(event) => setSliderX(Number(event.target.value))}
          />
        </label>

        <CarromPlayer
          player={player}
          side="player"
          color={myColor}
          pocketed={game.totalGamePoints[myId] ?? game.pocketedPieces[myId]?.length ?? 0}
          queen={queenSecuredBy === myId}
          deadline={ringOf(myId)}
          turnMs={turnMs}
          timeouts={game.timeouts[myId] ?? 0}
        />
      </div>

      {leaving && running && <LeaveGamePopup gameMode="carrom" gameId={game._id} onCancel={() => setLeaving(false)} />}
      {ended && <GameEndPopup game={game} playerId={myId} />}
      {canceled && <GameCanceledPopup />}
    </div>
  );
}
