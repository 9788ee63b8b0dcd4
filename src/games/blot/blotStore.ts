import i18next from 'i18next';
import { proxy } from 'valtio';
import type { BlotCard, BlotGameView, BlotTrumpChoice, CombinationDecision } from '../../../protocol/blot.ts';
import type { GameUpdate } from '../../../protocol/game.ts';
import { blotFinalTrumpDecision } from '../../api/blotFinalTrumpDecision.ts';
import { blotMakeMove } from '../../api/blotMakeMove.ts';
import { blotTrumpDecision } from '../../api/blotTrumpDecision.ts';
import { blotTrumpSelection } from '../../api/blotTrumpSelection.ts';
import { messageOf } from '../../api/http.ts';
import { receiveGameUpdate, reloadIfBehind } from '../../app/liveGame.ts';

/** A played card's flight from its player's side to the table (CSS animation, blot.css). */
export const CARD_FLIGHT_MS = 380;
/** A completed trick stays on the table this long before it is cleared. */
export const LAST_TRICK_MS = 1100;
/** How long a refused action's text stays up. */
export const ERROR_SHOWN_MS = 2500;

export interface BlotScreenState {
  /** The game version this state belongs to; until sync() has seen a new one, the screen waits for it. */
  v: number | null;
  /** The card flying to the table, by id; taps wait until it has landed. */
  flying: string | null;
  /** A trick was just completed: its two cards stay on the table a moment (lastPlayedCards). */
  showingLastTrick: boolean;
  /** An action is on its way to the server. */
  sending: boolean;
  /** The card tapped and on its way, lifted out of the hand. */
  playing: string | null;
  /** Announce or Cancel, chosen before the first card of trick 1 and sent with it. */
  decision: CombinationDecision | null;
  /** A refused action's text; the id tells two equal refusals in a row apart, so each shows its full time. */
  error: { text: string; id: number } | null;
}

type FailedKey = 'blot.error.makeMove' | 'blot.error.trumpDecision' | 'blot.error.trumpSelection' | 'blot.error.finalTrumpDecision';

interface Seen {
  v: number;
  dealNumber: number;
  moveCounter: number;
}

/**
 * The Belote screen's own state: the animations between server updates, the action on its way, the
 * combination decision being made, the last refusal. The game itself stays in the live game store;
 * legality comes from rules/blot (legalCardsOfView), which the table computes.
 */
export function createBlotStore() {
  const state = proxy<BlotScreenState>({ v: null, flying: null, showingLastTrick: false, sending: false, playing: null, decision: null, error: null });
  let seen: Seen | null = null;
  let errors = 0;

  /**
   * A new version of the game arrived. A card played since the last one (ours, answered by the server,
   * or the opponent's) flies in; one that completed a trick leaves the trick on the table a moment. The
   * first version seen (arrival, reload) is drawn as it is.
   */
  function sync(game: BlotGameView): void {
    if (seen?.v === game.v) return;
    const before = seen;
    seen = { v: game.v, dealNumber: game.dealNumber, moveCounter: game.moveCounter };
    const sameDeal = before !== null && before.dealNumber === game.dealNumber;
    if (!sameDeal) {
      state.decision = null;
      state.flying = null;
      state.showingLastTrick = false;
    } else if (game.moveCounter > before.moveCounter) {
      const trickDone = game.playedCards.length === 0;
      const landed = trickDone ? game.lastPlayedCards.at(-1)?.card : game.playedCards.at(-1);
      state.flying = landed?._id ?? null;
      state.showingLastTrick = trickDone && game.lastPlayedCards.length > 0;
    }
    state.v = game.v;
  }

  const showError = (text: string) => {
    errors += 1;
    state.error = { text, id: errors };
  };

  /**
   * One action to the server; a refusal shows spec §8's text (or the server's), in the language shown
   * when it came, and on 409 reloads.
   */
  async function send(call: () => Promise<GameUpdate<BlotGameView>>, failedKey: FailedKey, card: string | null = null): Promise<void> {
    if (state.sending) return;
    state.sending = true;
    state.playing = card;
    try {
      receiveGameUpdate(await call());
    } catch (error) {
      const failed = i18next.t(failedKey);
      console.error(failed, error);
      showError(messageOf(error, { failed, error: failed }));
      // A refusal means our copy of the game is behind (the turn moved on, or the version is stale); a
      // lost answer, that it may be.
      reloadIfBehind(error);
    } finally {
      state.sending = false;
      state.playing = null;
    }
  }

  return {
    state,
    sync,
    /** The flying card has landed. */
    land: () => {
      state.flying = null;
    },
    /** The completed trick has had its moment. */
    clearLastTrick: () => {
      state.showingLastTrick = false;
    },
    clearError: (id: number) => {
      if (state.error?.id === id) state.error = null;
    },
    chooseDecision: (decision: CombinationDecision) => {
      state.decision = decision;
    },
    /** Take (true) or Pass (false) the face-up card. */
    decideTrump: (game: BlotGameView, takeCard: boolean) =>
      send(() => blotTrumpDecision({ gameId: game._id, takeCard, v: game.v }), 'blot.error.trumpDecision'),
    selectTrump: (game: BlotGameView, suit: BlotTrumpChoice) =>
      send(() => blotTrumpSelection({ gameId: game._id, suit, v: game.v }), 'blot.error.trumpSelection'),
    /** 'With Card' (true) or 'Without' (false). */
    decideFinalTrump: (game: BlotGameView, withCard: boolean) =>
      send(() => blotFinalTrumpDecision({ gameId: game._id, withCard, v: game.v }), 'blot.error.finalTrumpDecision'),
    /** A card; with the Announce/Cancel decision when the view says one is due (the caller checked it is chosen). */
    playCard: (game: BlotGameView, card: BlotCard) => {
      const combinationDecision = game.combinationDecisionRequired ? (state.decision ?? undefined) : undefined;
      const body = { gameId: game._id, card: { _id: card._id, value: card.value, suit: card.suit }, v: game.v };
      return send(() => blotMakeMove(combinationDecision ? { ...body, combinationDecision } : body), 'blot.error.makeMove', card._id);
    },
  };
}

export type BlotStore = ReturnType<typeof createBlotStore>;
