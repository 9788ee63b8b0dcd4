import { randomBytes } from 'node:crypto';
import type { GameMode } from '../../protocol/constants.ts';
import { shotSpeed } from '../../protocol/carrom.ts';
import type { GameProof, ProofInput } from '../../protocol/fairness.ts';
import { rpsChoices } from '../../protocol/rps.ts';
import type { BackgammonRulesView } from '../../rules/backgammon/index.ts';
import { RuleError } from '../../rules/game.ts';
import { gameSeedOf, seedHashOf, stateHashOf } from '../../rules/random.ts';
import { rulesOfMode } from '../../rules/registry.ts';
import { chooser, legalAction } from './blotPlay.ts';
import type { BlotState } from '../../rules/blot/index.ts';

/**
 * Whole games played at random through the rules, recorded as the server records them (each input with
 * the digest of the state it left), and the proof of each, as GET /api/games/{id}/proof answers it.
 */

const T0 = 1_700_000_000_000;
/** Past this many inputs a player leaves, so every game ends (carrom's physics is the slow one). */
const MAX_INPUTS: Record<GameMode, number> = { rps: 60, backgammon: 400, blot: 400, carrom: 24 };

interface Choice {
  actor: string;
  action: 'move' | 'timeout' | 'leave';
  move?: unknown;
}

/** A random input for whoever may act now: mostly a legal move, sometimes a timeout. */
function nextChoice(mode: GameMode, state: unknown, players: readonly [string, string], pick: (n: number) => number): Choice {
  const rules = rulesOfMode(mode);
  if (pick(10) === 0) return { actor: 'timeout', action: 'timeout' };
  if (pick(150) === 0) return { actor: players[pick(2)] as string, action: 'leave' };
  switch (mode) {
    case 'rps':
      return { actor: players[pick(2)] as string, action: 'move', move: { choice: rpsChoices[pick(3)] } };
    case 'backgammon': {
      const turn = (state as { turn: string | null }).turn;
      if (!turn) return { actor: 'timeout', action: 'timeout' };
      const view = rules.view(state, turn) as unknown as BackgammonRulesView;
      const options = view.possibleMoves;
      if (options.length === 0) return { actor: turn, action: 'move', move: { moves: [] } };
      return { actor: turn, action: 'move', move: { moves: options[pick(options.length)] } };
    }
    case 'blot': {
      const blot = state as BlotState;
      if (!blot.turn) return { actor: 'timeout', action: 'timeout' };
      const [actor, move] = legalAction(blot, pick);
      return { actor, action: 'move', move };
    }
    case 'carrom': {
      const turn = (state as { turn: string | null }).turn;
      if (!turn) return { actor: 'timeout', action: 'timeout' };
      const hitStrength = 18 + pick(43);
      return {
        actor: turn,
        action: 'move',
        move: { playerId: turn, strikerPosition: 65 + pick(171), angle: -Math.PI / 2 + (pick(2001) - 1000) / 1000, hitStrength, speed: shotSpeed(hitStrength) },
      };
    }
  }
}

/** One random whole game of `mode` from `seed` (which also drives the players' choices), with its proof. */
export function randomGameProof(mode: GameMode, seed: number): GameProof {
  const rules = rulesOfMode(mode);
  const pick = chooser(seed);
  const players = [`player-${seed}-a`, `player-${seed}-b`] as const;
  const serverSeed = randomBytes(32).toString('hex');
  const clientSeeds: [string, string] = [randomBytes(8 + pick(25)).toString('hex'), pick(5) === 0 ? '' : randomBytes(16).toString('hex')];
  const gameId = `game-${mode}-${seed}`;
  let now = T0 + seed * 1000;
  const created = new Date(now).toISOString();
  // Kept as JSON between inputs, as the server's database keeps it.
  let state: unknown = JSON.parse(JSON.stringify(rules.create(players, gameSeedOf(serverSeed, gameId, clientSeeds), now)));
  const inputs: ProofInput[] = [{ at: created, actor: 'server', action: 'create', stateHash: stateHashOf(state) }];
  while (rules.outcome(state) === null) {
    const choice: Choice = inputs.length > MAX_INPUTS[mode] ? { actor: players[pick(2)] as string, action: 'leave' } : nextChoice(mode, state, players, pick);
    let at = (now += 50 + pick(2000));
    let next: unknown;
    try {
      if (choice.action === 'timeout') {
        const due = rules.deadline(state);
        if (due === null) continue;
        at = now = Math.max(now, due);
        next = rules.timeout(state, at);
      } else if (choice.action === 'leave') next = rules.resign(state, choice.actor, at);
      else next = rules.apply(state, choice.actor, choice.move, at);
    } catch (error) {
      if (error instanceof RuleError) continue; // refused: the server records nothing
      throw error;
    }
    state = JSON.parse(JSON.stringify(next));
    inputs.push({ at: new Date(at).toISOString(), actor: choice.actor, action: choice.action, ...(choice.move === undefined ? {} : { move: choice.move }), stateHash: stateHashOf(state) });
  }
  const outcome = rules.outcome(state);
  if (!outcome) throw new Error('unreachable');
  return {
    gameId,
    gameMode: mode,
    serverSeed,
    seedHash: seedHashOf(serverSeed),
    clientSeeds,
    players: [players[0], players[1]],
    created,
    inputs,
    result: { status: 'completed', winnerId: outcome.winnerId, loserId: outcome.loserId, endReason: outcome.endReason, points: outcome.points },
  };
}
