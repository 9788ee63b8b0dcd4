import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { GameMode } from '../../protocol/constants.ts';
import { CLIENT_SEED_WAIT_MS, SEEDING_PHASE } from '../../protocol/fairness.ts';
import { gameRoutes } from '../../protocol/gameConstants.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { sessionUserKey } from '../api/protected.ts';
import { confirmClosing } from '../platform/telegram.ts';
import { liveGame, reloadCurrentGame, type LoadOutcome } from './liveGame.ts';

/** How long 'Failed to fetch the current game state.' stays before the way back to /game. */
export const GAME_STATE_ERROR_MS = 2000;
export const gameStateErrorText = 'Failed to fetch the current game state.';
/** After a waiting game's deadline, the server's draw gets this long to arrive before the game is asked for. */
export const SEEDING_RELOAD_GRACE_MS = 1000;
/** Then the game is asked for again after this long, twice as long each time up to the cap. */
export const SEEDING_RELOAD_EVERY_MS = 2000;
const SEEDING_RELOAD_MAX_MS = 30_000;

export interface LiveGameScreen {
  /** The game to draw; null while the first load is on its way. */
  update: GameUpdate | null;
  clockOffset: number;
  /** The load failed: the screen shows gameStateErrorText, and the hook goes to /game shortly. */
  failed: boolean;
}

/**
 * The spec §4 'Game status' rules for a game screen of `mode`: the game is reloaded on arrival, on
 * every socket (re)connection and whenever the tab becomes visible. No game, or a finished one, sends
 * the player to /game — except a game that finished while this screen showed it, whose end popup stays
 * until Exit. A game of another mode goes to its own screen.
 */
export function useLiveGame(mode: GameMode): LiveGameScreen {
  const navigate = useNavigate();
  const { current, clockOffset, connections } = useSnapshot(liveGame);
  const [failed, setFailed] = useState(false);
  // Games seen running on this screen: when one of them ends, the player stays for its end popup.
  const seenRunning = useRef(new Set<string>());
  if (current?.game.status === 'in-progress') seenRunning.current.add(current.game._id);

  // The latest navigate and mode without re-subscribing the listeners below.
  const decide = useRef<(outcome: LoadOutcome) => void>(() => undefined);
  decide.current = (outcome) => {
    if (outcome === 'failed') {
      setFailed(true);
      return;
    }
    const game = liveGame.current?.game;
    if (!game) {
      void navigate('/game', { replace: true });
    } else if (game.status === 'in-progress') {
      if (game.gameMode !== mode) void navigate(gameRoutes[game.gameMode], { replace: true });
    } else if (!seenRunning.current.has(game._id)) {
      void navigate('/game', { replace: true });
    }
  };

  // Whether this screen is still up when a reload answers: the answer is decided then, even when the
  // reload itself changed what the screen shows (a waiting game found gone ends its own timer below).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    const resync = () =>
      void reloadCurrentGame().then((outcome) => {
        if (mounted.current) decide.current(outcome);
      });
    resync();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') resync();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      mounted.current = false;
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  // Reconnections after this screen opened (the one at arrival is covered by the load above).
  const connectionsAtArrival = useRef(connections);
  useEffect(() => {
    if (connections === connectionsAtArrival.current) return;
    let active = true;
    void reloadCurrentGame().then((outcome) => {
      if (active) decide.current(outcome);
    });
    return () => {
      active = false;
    };
  }, [connections]);

  // A game still waiting for its first draw (issue 18): the update with the draw could be lost, or the
  // server's draw late. Rather than wait on the loading screen for an event that may never come, the
  // game is asked for once the draw is due (its deadline on the server's clock, plus a grace), then
  // after 2, 4, … 30 s while it is still waiting, each answer decided as any other resync.
  const seeding = current?.game.status === 'in-progress' && current.game.phase === SEEDING_PHASE;
  const seedingId = seeding ? current.game._id : null;
  const seedingDeadline = seeding ? current.game.deadlineAt : null;
  useEffect(() => {
    if (!seedingId) return;
    // Read once, not a dependency: every reload moves the offset by a few ms and would restart the wait.
    const untilDue = seedingDeadline === null ? CLIENT_SEED_WAIT_MS : seedingDeadline - (Date.now() + liveGame.clockOffset);
    let pause = SEEDING_RELOAD_EVERY_MS;
    let timer: ReturnType<typeof setTimeout>;
    const ask = () => {
      void reloadCurrentGame().then((outcome) => {
        if (mounted.current) decide.current(outcome);
      });
      timer = setTimeout(ask, pause);
      pause = Math.min(pause * 2, SEEDING_RELOAD_MAX_MS);
    };
    timer = setTimeout(ask, Math.max(0, untilDue) + SEEDING_RELOAD_GRACE_MS);
    return () => clearTimeout(timer);
  }, [seedingId, seedingDeadline]);

  const running = current?.game.status === 'in-progress';
  useEffect(() => {
    if (!running) return;
    confirmClosing(true);
    return () => confirmClosing(false);
  }, [running]);

  // A finished game moved the score, the statistics and the histories (and a paid one the balance).
  const queryClient = useQueryClient();
  const finishedId = current?.game.status === 'completed' ? current.game._id : null;
  useEffect(() => {
    if (!finishedId) return;
    for (const queryKey of [sessionUserKey, ['statistics'], ['score-history'], ['played-games-history']]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [finishedId, queryClient]);

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => void navigate('/game', { replace: true }), GAME_STATE_ERROR_MS);
    return () => clearTimeout(timer);
  }, [failed, navigate]);

  // A game that was already over on arrival is never drawn (no end popup, no buzz): the player is on
  // the way to /game.
  const shown = current && (current.game.status === 'in-progress' || seenRunning.current.has(current.game._id)) ? current : null;
  return { update: shown, clockOffset, failed };
}
