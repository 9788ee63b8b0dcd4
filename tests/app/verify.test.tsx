import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fairnessText, type GameProof, type StepLine } from '../../protocol/fairness.ts';
import { gameText } from '../../protocol/game.ts';
import { seedHashOf } from '../../rules/random.ts';
import { verifyProof } from '../../rules/verify.ts';
import { randomGameProof } from '../rules/fairnessGames.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { stubVerifyWorker } from './fakeWorker.ts';
import { makeUser, renderApp } from './renderApp.tsx';

/**
 * A whole random Backgammon game whose second player sent no client seed (seed 4 draws that). Its dice
 * come from a fresh server seed each run, so a game a player left at once is played again: the tests
 * want both players' moves and more than a handful of steps.
 */
function backgammonGame(): GameProof {
  for (;;) {
    const game = randomGameProof('backgammon', 4);
    const movers = new Set(game.inputs.filter((input) => input.action === 'move').map((input) => input.actor));
    if (game.inputs.length >= 10 && movers.size === 2) return game;
  }
}
const proof = backgammonGame();
const [ME, OPPONENT] = proof.players;
const proofPath = `/api/games/${proof.gameId}/proof`;

function verifyApi(reply: StubRoute) {
  stubVerifyWorker();
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ _id: ME }) } },
    [`GET ${proofPath}`]: reply,
  });
}

const tampered = (changes: Partial<GameProof>): GameProof => ({ ...structuredClone(proof), ...changes });

/** A backgammon step's line in English, written out here from its facts, not taken from the page. */
function backgammonWords(line: StepLine): string {
  const dice = ([a, b]: readonly number[]) => (a === b ? `double ${a}s` : `${a} and ${b}`);
  const point = (name: number | string | null) => (name === null ? '?' : String(name));
  switch (line.say) {
    case 'backgammon-opening-die':
      return `rolled ${line.die}${line.tie ? ' (a tie: thrown again)' : ''}`;
    case 'backgammon-moves-first':
      return `moves first, with ${dice(line.dice)}`;
    case 'backgammon-first-turn':
      return 'the opening roll shown: the first turn began';
    case 'backgammon-passed':
      return 'no legal move: passed';
    case 'backgammon-moved':
      return `${line.auto ? 'auto-played' : 'moved'} ${line.moves.map((m) => `${point(m.from)}→${point(m.to)}${m.hit ? ' (hit)' : ''}`).join(', ')}`;
    case 'backgammon-play-picked':
      return line.plays > 1 ? `play picked at random among ${line.plays} legal plays` : 'the only legal play (its draw had one outcome)';
    case 'backgammon-rolled':
      return `rolled ${dice(line.dice)}`;
    default:
      throw new Error(`not a backgammon line: ${line.say}`);
  }
}

describe('the Verify page (/verify/:gameId)', () => {
  it('replays a real proof in the browser and says it holds: steps, draws, the mode by its name', async () => {
    const api = verifyApi({ body: proof });
    renderApp(`/verify/${proof.gameId}`);
    const verdict = await screen.findByTestId('verify-verdict');
    expect(api.callsTo(`GET ${proofPath}`)).toHaveLength(1);

    const verified = verifyProof(proof);
    if (!verified.ok) throw new Error('the fixture proof must hold');
    const draws = verified.steps.reduce((sum, step) => sum + step.draws, 0);
    expect(draws).toBeGreaterThan(0);
    expect(verdict).toHaveTextContent('Verified');
    expect(verdict).toHaveTextContent(
      `All ${proof.inputs.length} steps of this Backgammon game, and its ${draws} random draws (dice rolls), match the seeds committed before it started.`,
    );
    expect(screen.queryByText('This proof does not hold')).not.toBeInTheDocument();
  });

  it('holds the proof to the hash this device was shown when the game started', async () => {
    window.localStorage.setItem('seedCommitments', JSON.stringify({ [proof.gameId]: proof.seedHash }));
    verifyApi({ body: proof });
    renderApp(`/verify/${proof.gameId}`);
    expect(await screen.findByTestId('verify-commitment')).toHaveTextContent('The same hash this device was shown when the game started.');
  });

  it('says a proof whose hash is not the one shown at the start does not hold, even if it holds together', async () => {
    const shown = 'ab'.repeat(32);
    window.localStorage.setItem('seedCommitments', JSON.stringify({ [proof.gameId]: shown }));
    verifyApi({ body: proof });
    renderApp(`/verify/${proof.gameId}`);
    expect(await screen.findByText('This proof does not hold')).toBeInTheDocument();
    expect(screen.getByText(/The seed hash is not the one shown when the game started/)).toBeInTheDocument();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
  });

  it('holds the proof to the client seed this device sent, and says so', async () => {
    const mine = proof.clientSeeds[0];
    window.localStorage.setItem('seedCommitments', JSON.stringify({ [proof.gameId]: { seedHash: proof.seedHash, clientSeed: mine } }));
    verifyApi({ body: proof });
    renderApp(`/verify/${proof.gameId}`);
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent('Verified');
    expect(screen.getByTestId('verify-commitment')).toHaveTextContent('The same hash this device was shown when the game started.');
    const seeds = screen.getByTestId('verify-seeds');
    expect(within(seeds).getByText('Your seed').parentElement).toHaveTextContent(`${mine}Your seed is the one this device sent.`);
    expect(screen.getAllByTestId('verify-client-seed')).toHaveLength(1);
  });

  it('says a proof that carries another client seed for the player does not hold, at step 0', async () => {
    const sent = 'cd'.repeat(16);
    window.localStorage.setItem('seedCommitments', JSON.stringify({ [proof.gameId]: { seedHash: proof.seedHash, clientSeed: sent } }));
    verifyApi({ body: proof });
    renderApp(`/verify/${proof.gameId}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This proof does not hold');
    expect(alert).toHaveTextContent('Step 0, the seeds and their commitment: Your client seed is not the one your device sent.');
    expect(within(alert).getByText('Expected').nextElementSibling).toHaveTextContent(sent);
    expect(within(alert).getByText('Got').nextElementSibling).toHaveTextContent(proof.clientSeeds[0]);
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(screen.queryByTestId('verify-client-seed')).not.toBeInTheDocument();
  });

  it("holds the player's own seat: the opponent's seed being the one sent is not enough", async () => {
    // The server put the device's seed in the opponent's seat and none in the player's.
    const sent = proof.clientSeeds[0];
    window.localStorage.setItem('seedCommitments', JSON.stringify({ [proof.gameId]: { clientSeed: sent } }));
    verifyApi({ body: tampered({ clientSeeds: ['', sent] }) });
    renderApp(`/verify/${proof.gameId}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your client seed is not the one your device sent.');
    expect(within(alert).getByText('Got').nextElementSibling).toHaveTextContent('(none)');
  });

  it('says nothing of the client seed when this device kept none (a hash-only entry, as older versions kept)', async () => {
    window.localStorage.setItem('seedCommitments', JSON.stringify({ [proof.gameId]: proof.seedHash }));
    verifyApi({ body: proof });
    renderApp(`/verify/${proof.gameId}`);
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent('Verified');
    expect(screen.getByTestId('verify-commitment')).toHaveTextContent('The same hash this device was shown when the game started.');
    expect(screen.queryByTestId('verify-client-seed')).not.toBeInTheDocument();
    expect(screen.queryByText(/this device sent/)).not.toBeInTheDocument();
  });

  it('says a proof of another game does not hold', async () => {
    stubVerifyWorker();
    stubApi({
      'GET /api/protected': { body: { user: makeUser({ _id: ME }) } },
      'GET /api/games/another-game/proof': { body: proof },
    });
    renderApp('/verify/another-game');
    expect(await screen.findByText(/This proof is of another game/)).toBeInTheDocument();
  });

  it('without a kept hash, says the hash could only be checked against the proof itself', async () => {
    verifyApi({ body: proof });
    renderApp(`/verify/${proof.gameId}`);
    expect(await screen.findByTestId('verify-commitment')).toHaveTextContent('This device did not see this game start');
  });

  it('shows the seeds: the server seed, its published SHA-256, and each client seed or none sent', async () => {
    verifyApi({ body: proof });
    renderApp(`/verify/${proof.gameId}`);
    const seeds = await screen.findByTestId('verify-seeds');
    const value = (label: string) => within(seeds).getByText(label).nextElementSibling;
    expect(value('Server seed, revealed after the game')).toHaveTextContent(proof.serverSeed);
    expect(value('Its SHA-256, published when the game started')).toHaveTextContent(proof.seedHash);
    expect(proof.clientSeeds[0]).not.toBe('');
    expect(value('Your seed')).toHaveTextContent(proof.clientSeeds[0]);
    expect(proof.clientSeeds[1]).toBe('');
    expect(value("Opponent's seed")).toHaveTextContent('none sent');
  });

  it('lists every step: who (You, Opponent, Server), what, and its random draws', async () => {
    verifyApi({ body: proof });
    renderApp(`/verify/${proof.gameId}`);
    const rows = await screen.findAllByTestId('verify-step');
    expect(rows).toHaveLength(proof.inputs.length);
    const verified = verifyProof(proof);
    if (!verified.ok) throw new Error('the fixture proof must hold');

    expect(rows[0]).toHaveTextContent(/^1.*ServerCreated/);
    proof.inputs.forEach((input, index) => {
      const row = rows[index] as HTMLElement;
      const who = input.actor === ME ? 'You' : input.actor === OPPONENT ? 'Opponent' : 'Server';
      const what = { create: 'Created', move: 'Move', timeout: 'Timeout', leave: 'Left', cancel: 'Canceled' }[input.action];
      expect(row).toHaveTextContent(`${who}${what}`);
      const draws = verified.steps[index]?.draws ?? 0;
      if (draws > 0) expect(row).toHaveTextContent(`${draws} random draw${draws === 1 ? '' : 's'}`);
      else expect(row).not.toHaveTextContent('random draw');
    });
    expect(rows.some((row) => row.textContent?.includes('YouMove'))).toBe(true);
    expect(rows.some((row) => row.textContent?.includes('OpponentMove'))).toBe(true);
    expect(screen.queryByText(ME)).not.toBeInTheDocument();
  });

  it("shows each step's move and, set apart, what its draws produced, naming players as You and Opponent", async () => {
    verifyApi({ body: proof });
    renderApp(`/verify/${proof.gameId}`);
    const rows = await screen.findAllByTestId('verify-step');
    const verified = verifyProof(proof);
    if (!verified.ok) throw new Error('the fixture proof must hold');
    const name = (id: string | undefined) => (id === ME ? 'You' : 'Opponent');
    const words = (line: StepLine) => (line.player === undefined ? backgammonWords(line) : `${name(line.player)}: ${backgammonWords(line)}`);

    // The creation: the opening roll, one die each, then who moves first with which dice.
    const opening = within(rows[0] as HTMLElement).getByTestId('verify-step-drawn');
    const created = verified.steps[0];
    expect(created?.drawn?.length).toBeGreaterThanOrEqual(3);
    expect(within(opening).getAllByRole('listitem').map((item) => item.textContent)).toEqual(created?.drawn?.map(words));
    expect(opening).toHaveTextContent(/^You: rolled [1-6]( \(a tie: thrown again\))?Opponent: rolled [1-6]/);

    // A move of each player: the checkers moved, then the other player's dice for the next turn.
    let checked = 0;
    verified.steps.forEach((step, index) => {
      const row = rows[index] as HTMLElement;
      const move = within(row).queryByTestId('verify-step-move');
      const drawn = within(row).queryByTestId('verify-step-drawn');
      expect(move?.textContent ?? null).toBe(step.move ? words(step.move) : null);
      expect(drawn ? within(drawn).getAllByRole('listitem').map((item) => item.textContent) : null).toEqual(step.drawn ? step.drawn.map(words) : null);
      if (step.action !== 'move' || step.move?.say !== 'backgammon-moved') return;
      expect(move).toHaveTextContent(/^moved (\d+|bar)→(\d+|off)/);
      const rolled = step.drawn?.find((line) => line.say === 'backgammon-rolled');
      if (rolled) expect(drawn).toHaveTextContent(`${step.actor === ME ? 'Opponent' : 'You'}: rolled `);
      checked += 1;
    });
    expect(checked).toBeGreaterThan(2);
    expect(screen.queryByText(ME, { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByText(OPPONENT as string, { exact: false })).not.toBeInTheDocument();
  });

  it('says a proof with another server seed does not hold, at step 0, with the hashes that differ', async () => {
    const otherSeed = 'ab'.repeat(32);
    verifyApi({ body: tampered({ serverSeed: otherSeed }) });
    renderApp(`/verify/${proof.gameId}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This proof does not hold');
    expect(alert).toHaveTextContent('Step 0, the seeds and their commitment: The server seed is not the one committed before the game.');
    expect(within(alert).getByText('Expected').nextElementSibling).toHaveTextContent(proof.seedHash);
    expect(within(alert).getByText('Got').nextElementSibling).toHaveTextContent(seedHashOf(otherSeed));
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('verify-step')).toHaveLength(0);
  });

  it('names the step whose recorded state the replay does not reach', async () => {
    const inputs = structuredClone(proof.inputs);
    const changed = inputs[5];
    if (!changed) throw new Error('the fixture has more than 5 inputs');
    const recorded = '0'.repeat(64);
    changed.stateHash = recorded;
    verifyApi({ body: tampered({ inputs }) });
    renderApp(`/verify/${proof.gameId}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Step 6: The replay does not reach the state the server recorded.');
    expect(within(alert).getByText('Expected').nextElementSibling).toHaveTextContent(recorded);
  });

  it.each([
    [409, fairnessText.notOver],
    [404, fairnessText.noProof],
    [404, gameText.gameNotFound],
  ])("shows the server's message for a %i: %s", async (status, message) => {
    const api = verifyApi({ status, body: { message } });
    renderApp(`/verify/${proof.gameId}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByTestId('verify-verdict')).not.toBeInTheDocument();
    // The server's answer is final: no retry delays it.
    expect(api.callsTo(`GET ${proofPath}`)).toHaveLength(1);
  });

  it("shows the app's loading state until the proof arrives", async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    const api = verifyApi(() => new Promise((resolve) => (answer = resolve)));
    renderApp(`/verify/${proof.gameId}`);
    // The page is up and asking: what shows meanwhile is the page's own loading state.
    await waitFor(() => expect(api.callsTo(`GET ${proofPath}`)).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByTestId('verify-verdict')).not.toBeInTheDocument();
    answer({ body: proof });
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent('Verified');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('replays the proof in a worker, ended once it has answered', async () => {
    verifyApi({ body: proof });
    const workers = stubVerifyWorker();
    renderApp(`/verify/${proof.gameId}`);
    await screen.findByTestId('verify-verdict');
    expect(workers.instances).toHaveLength(1);
    expect(workers.instances[0]?.url).toMatch(/\/src\/pages\/verify\/verify\.worker\.ts(\?|$)/);
    expect(workers.instances[0]?.options).toEqual({ type: 'module' });
    expect(workers.instances[0]?.terminated).toBe(true);
  });

  it.each([
    ['its script did not load', () => void (stubVerifyWorker().failToLoad = true)],
    ['the browser has no workers', () => vi.stubGlobal('Worker', undefined)],
  ])('says so when the proof cannot be checked on this device: %s', async (_case, breakWorker) => {
    verifyApi({ body: proof });
    breakWorker();
    renderApp(`/verify/${proof.gameId}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('The proof could not be checked on this device. Try again later.');
    expect(screen.queryByTestId('verify-verdict')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('Back returns to the page it came from', async () => {
    verifyApi({ body: proof });
    const { user, path } = renderApp(['/more', `/verify/${proof.gameId}`]);
    await screen.findByTestId('verify-verdict');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(path()).toBe('/more'));
  });

  it('Back goes to Played Games when the page was opened on its own', async () => {
    verifyApi({ status: 409, body: { message: fairnessText.notOver } });
    const { user, path } = renderApp(`/verify/${proof.gameId}`);
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(path()).toBe('/played-games-history'));
  });
});
