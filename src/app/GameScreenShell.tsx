import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { GameMode } from '../../protocol/constants.ts';
import { CLIENT_SEED_WAIT_MS, SEEDING_PHASE } from '../../protocol/fairness.ts';
import { gameText, type GameUpdate, type GameViewBase } from '../../protocol/game.ts';
import type { User } from '../../protocol/user.ts';
import { offerClientSeed } from '../api/clientSeed.ts';
import { LoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { liveGame, receiveGameUpdate, reloadCurrentGame } from './liveGame.ts';
import { session } from './session.ts';
import { gameStateErrorText, useLiveGame } from './useLiveGame.ts';

/** After the seeding's deadline, the server's draw gets this long to arrive before the game is asked for. */
export const SEEDING_RELOAD_GRACE_MS = 1000;
/** Then the game is asked for again after this long, twice as long each time (up to the cap) while it is still seeding. */
export const SEEDING_RELOAD_EVERY_MS = 2000;
const SEEDING_RELOAD_MAX_MS = 30_000;

interface GameScreenShellProps<View extends GameViewBase> {
  mode: GameMode;
  /** The mode's table, given the live update (already of this mode), the clock offset and the player. */
  children: (update: GameUpdate<View>, clockOffset: number, me: User) => ReactNode;
}

/**
 * What every game screen does around its table: live on the game store (loads, resyncs, redirects),
 * show the spec's failure text, and wait until a game of this very mode is there, with its first draw
 * made: a game still waiting for the client seeds (issue 18) has none of its mode's fields to draw.
 */
export function GameScreenShell<View extends GameViewBase>({ mode, children }: GameScreenShellProps<View>) {
  const { update, clockOffset, failed } = useLiveGame(mode);
  const { user } = useSnapshot(session);
  const navigate = useNavigate();
  const game = update?.game;
  const seeding = game?.status === 'in-progress' && game.phase === SEEDING_PHASE;
  const seedingId = seeding ? game._id : null;
  const mySeedMissing = seeding && !!user && !game.clientSeeds?.[user._id];

  // A reload during the seeding skipped the start overlay, which sends the seed; the same offer goes
  // from here (once per game on this page, so the overlay's own send is never repeated). Offered again
  // with each new view of the game: an offer that never reached the server is sent again then.
  useEffect(() => {
    if (seedingId && mySeedMissing) void offerClientSeed(seedingId, receiveGameUpdate);
  }, [seedingId, mySeedMissing, update]);

  // Whether the screen is still up when a reload below answers: a reload that finds no game also ends
  // the seeding, so that effect's cleanup may come before its answer is read.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The game-update with the first draw could be lost, or the server's draw late: rather than wait on
  // the overlay for an event that may never come, ask for the game once the draw is due (the deadline,
  // on the server's clock, plus a grace), then every few seconds until it is no longer seeding.
  const deadlineAt = seeding ? game.deadlineAt : null;
  useEffect(() => {
    if (!seedingId) return;
    // Read once, not a dependency: every reload moves the offset by a few ms and would restart the wait.
    const untilDue = deadlineAt === null ? CLIENT_SEED_WAIT_MS : deadlineAt - (Date.now() + liveGame.clockOffset);
    let timer: ReturnType<typeof setTimeout>;
    // A server that stays late (its sweeper down) is not asked every 2 s by every waiting phone.
    let pause = SEEDING_RELOAD_EVERY_MS;
    const ask = () => {
      void reloadCurrentGame().then((outcome) => {
        // The server no longer has a game for the player: nothing will ever be drawn on this screen.
        if (mounted.current && outcome === 'none' && !liveGame.current) void navigate('/game', { replace: true });
      });
      timer = setTimeout(ask, pause);
      pause = Math.min(pause * 2, SEEDING_RELOAD_MAX_MS);
    };
    timer = setTimeout(ask, Math.max(0, untilDue) + SEEDING_RELOAD_GRACE_MS);
    return () => clearTimeout(timer);
  }, [seedingId, deadlineAt, navigate]);

  if (failed) {
    return (
      <div className="game-state-error" role="alert">
        <p>{gameStateErrorText}</p>
      </div>
    );
  }
  // Until the load answers, or while the hook sends a game of another mode to its own screen.
  if (!update || !user || update.game.gameMode !== mode) return <LoadingOverlay text="Loading..." />;
  // At most CLIENT_SEED_WAIT_MS: the next update brings the game with its first draw.
  if (seeding) return <LoadingOverlay text={gameText.loadingAssets} />;
  return children(update as GameUpdate<View>, clockOffset, user as User);
}
