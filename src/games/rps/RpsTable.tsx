import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameUpdate } from '../../../protocol/game.ts';
import { RPS_REVEAL_MS, RPS_TURN_MS, rpsChoices, type RpsChoice, type RpsGameView } from '../../../protocol/rps.ts';
import type { User } from '../../../protocol/user.ts';
import { rpsMove } from '../../api/rpsMove.ts';
import { receiveGameUpdate, reloadIfBehind } from '../../app/liveGame.ts';
import { ChatMenu } from '../../ui/ChatMenu.tsx';
import { CountdownTimer } from '../../ui/CountdownTimer.tsx';
import { GameCanceledPopup } from '../../ui/GameCanceledPopup.tsx';
import { GameEndPopup } from '../../ui/GameEndPopup.tsx';
import { GameSettingsMenu } from '../../ui/GameSettingsMenu.tsx';
import { LeaveGamePopup } from '../../ui/LeaveGamePopup.tsx';
import { HandIcon } from './rpsIcons.tsx';
import { RpsPlayer, type RpsPlayerInfo } from './RpsPlayer.tsx';
import { roundOutcome, shownChoices } from './rpsView.ts';

interface RpsTableProps {
  update: GameUpdate<RpsGameView>;
  clockOffset: number;
  me: Pick<User, '_id' | 'nickname' | 'country' | 'score' | 'photoUrl' | 'avatarUrl'>;
}

const outcomeKeys = { won: 'wonRound', lost: 'lostRound', draw: 'draw' } as const;

/** One RPS match, drawn from the live game store; keyed by game id, so a rematch starts clean. */
export function RpsTable({ update, clockOffset, me }: RpsTableProps) {
  const { t } = useTranslation();
  const { game, opponents } = update;
  const myId = me._id;
  const opponentInfo = opponents[0];
  const opponentId = game.userIds.find((id) => id !== myId) ?? opponentInfo?._id ?? '';
  const [picked, setPicked] = useState<{ round: number; choice: RpsChoice } | null>(null);
  const [leaving, setLeaving] = useState(false);

  const running = game.status === 'in-progress';
  const canceled = game.status === 'canceled' || game.phase === 'game-canceled';
  const completed = game.status === 'completed' && !canceled;
  const pickedNow = picked?.round === game.currentRound ? picked.choice : null;
  const shown = shownChoices(game, myId, opponentId);
  const myChoice = shown.mine ?? pickedNow;
  // Spec §5: no move once chosen, during the round's reveal, or once the game is over.
  const locked = !running || game.phase !== 'choose' || pickedNow !== null || game.choices[myId] != null;
  const outcome = game.phase === 'round-completed' ? roundOutcome(game, myId) : null;
  const ticking = running && (game.phase === 'choose' || game.phase === 'waiting-for-opponent') && game.deadlineAt !== null;

  const choose = (choice: RpsChoice) => {
    if (locked) return;
    setPicked({ round: game.currentRound, choice });
    // The round, not the version: the opponent's choice may change the version on its way here.
    rpsMove({ gameId: game._id, choice, round: game.currentRound })
      .then(receiveGameUpdate)
      .catch((error: unknown) => {
        // Spec §8: logged only. A refusal (409) means our copy is behind, a lost answer that it may be.
        console.error('Failed to make a move.', error);
        setPicked(null);
        reloadIfBehind(error);
      });
  };

  const player: RpsPlayerInfo = { id: myId, nickname: me.nickname, country: me.country, score: me.score, photoUrl: me.photoUrl ?? me.avatarUrl };
  const opponent: RpsPlayerInfo = {
    id: opponentId,
    nickname: opponentInfo?.nickname ?? game.usernames[opponentId] ?? t('table.player.opponent'),
    country: opponentInfo?.country ?? null,
    score: opponentInfo?.score ?? 0,
    photoUrl: opponentInfo?.photoUrl ?? null,
  };
  const myWins = game.wins[myId] ?? 0;
  const opponentWins = game.wins[opponentId] ?? 0;
  const opponentChose = running && game.phase !== 'round-completed' && game.chosen[opponentId] === true;

  return (
    <div className="rps" style={{ '--rps-reveal-ms': `${RPS_REVEAL_MS}ms` } as CSSProperties}>
      <header className="rps__bar">
        <GameSettingsMenu onLeave={() => setLeaving(true)} game={game} myId={myId} />
        <p className="rps__match-score" aria-label={t('table.rps.matchScore')} data-testid="match-score">
          {myWins} : {opponentWins}
        </p>
        <ChatMenu gameMode="rps" gameId={game._id} playerId={myId} />
      </header>

      <RpsPlayer player={opponent} wins={opponentWins} side="opponent" note={opponentChose ? t('table.rps.hasChosen') : null} />

      <section className={outcome ? 'rps-arena rps-arena--reveal' : 'rps-arena'} aria-label={t('table.rps.playArea')}>
        <p className="rps-arena__round">{t('table.rps.round', { round: Math.max(1, game.currentRound) })}</p>
        <div className="rps-arena__hands">
          <div className="rps-hand rps-hand--opponent" data-testid="opponent-move">
            {shown.opponent ? (
              <>
                <HandIcon choice={shown.opponent} size={64} />
                <span>{t(`table.rps.${shown.opponent}`)}</span>
              </>
            ) : (
              <span className="rps-hand__hidden" aria-label={t('table.rps.hiddenMove')}>
                ?
              </span>
            )}
          </div>
          <span className="rps-arena__vs">{t('table.rps.versus')}</span>
          <div className="rps-hand rps-hand--mine" data-testid="my-move">
            {myChoice ? (
              <>
                <HandIcon choice={myChoice} size={64} />
                <span>{t(`table.rps.${myChoice}`)}</span>
              </>
            ) : (
              <span className="rps-hand__hidden">–</span>
            )}
          </div>
        </div>
        <p className="rps-arena__status" role="status">
          {outcome
            ? t(`table.rps.${outcomeKeys[outcome]}`)
            : game.phase === 'waiting-for-opponent'
              ? t('table.rps.waiting')
              : running
                ? t('table.rps.choose')
                : ''}
        </p>
      </section>

      <CountdownTimer
        deadline={ticking && game.deadlineAt !== null ? game.deadlineAt - clockOffset : null}
        totalMs={RPS_TURN_MS}
        zeroText={t('table.rps.autoPicking')}
      />

      <div className="rps-moves" role="group" aria-label={t('table.rps.yourMove')}>
        {rpsChoices.map((choice) => (
          <button
            key={choice}
            className={myChoice === choice ? 'rps-move rps-move--chosen' : 'rps-move'}
            type="button"
            aria-pressed={myChoice === choice}
            disabled={locked}
            onClick={() => choose(choice)}
          >
            <HandIcon choice={choice} size={34} />
            {t(`table.rps.${choice}`)}
          </button>
        ))}
      </div>

      <RpsPlayer player={player} wins={myWins} side="player" />

      {leaving && running && <LeaveGamePopup gameMode="rps" gameId={game._id} onCancel={() => setLeaving(false)} />}
      {completed && <GameEndPopup game={game} playerId={myId} />}
      {canceled && <GameCanceledPopup />}
    </div>
  );
}
