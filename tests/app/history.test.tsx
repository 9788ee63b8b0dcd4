import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScoreHistoryRecord } from '../../protocol/game.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';
import { playedGame as record } from './recordFixtures.ts';

const player = makeUser({ nickname: 'Alice', score: 1016 });

function historyApi(routes: Record<string, StubRoute>) {
  return stubApi({ 'GET /api/protected': { body: { user: player } }, ...routes });
}

// The query retries once (a flaky network), so an error shows after about a second.
const slow = { timeout: 4000 };

describe('played games history (/played-games-history)', () => {
  it("lists the player's own games: game, bet, result, opponent, scores, date and how it ended", async () => {
    const api = historyApi({
      [`GET /api/played-games-history/${player._id}`]: {
        body: {
          games: [
            record({}),
            record({ _id: 'r2', gameName: 'Belote', gameMode: 'blot', bet: 0, result: 'lose', opponentUsername: 'Carol', userScore: 87, opponentScore: 101, endReason: 'opponent-left', date: 'not a date' }),
          ],
        },
      },
    });
    renderApp('/played-games-history');
    const [first, second] = await screen.findAllByTestId('played-game');
    expect(api.callsTo(`GET /api/played-games-history/${player._id}`)).toHaveLength(1);
    expect(first).toHaveTextContent('Rock Paper Scissors');
    expect(first).toHaveTextContent('Win');
    expect(first).toHaveTextContent('$1.00');
    expect(first).toHaveTextContent('Bob');
    expect(first).toHaveTextContent('3 : 1');
    expect(first).toHaveTextContent('2025');
    expect(first).not.toHaveTextContent('Invalid Date');
    expect(first).toHaveTextContent('Played to the end');

    expect(second).toHaveTextContent('Belote');
    expect(second).toHaveTextContent('Lose');
    expect(second?.querySelector('.coin-icon')).not.toBeNull();
    expect(second).toHaveTextContent('Carol');
    expect(second).toHaveTextContent('87 : 101');
    expect(second).toHaveTextContent('Invalid Date');
    expect(second).toHaveTextContent('You left');
  });

  it("gives each game a Verify link to its proof's page, which asks for that game's proof", async () => {
    const api = historyApi({
      [`GET /api/played-games-history/${player._id}`]: { body: { games: [record({}), record({ _id: 'r2', gameId: 'g2' })] } },
      'GET /api/games/g2/proof': { status: 409, body: { message: 'The proof is ready once the game is over' } },
    });
    const { user, path } = renderApp('/played-games-history');
    const [first, second] = await screen.findAllByTestId('played-game');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Verify' })).toHaveAttribute('href', '/verify/g1');
    await user.click(within(second as HTMLElement).getByRole('link', { name: 'Verify' }));
    await waitFor(() => expect(path()).toBe('/verify/g2'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The proof is ready once the game is over');
    expect(api.callsTo('GET /api/games/g2/proof')).toHaveLength(1);
    expect(api.callsTo('GET /api/games/g1/proof')).toHaveLength(0);
  });

  it.each([
    [{ status: 500, body: {} } as const, 'Failed to fetch game history'],
    ['network-error' as const, 'Error fetching game history'],
    [{ status: 403, body: { message: 'You can only see your own games' } } as const, 'You can only see your own games'],
  ])('shows an error (%s): %s', async (reply, text) => {
    historyApi({ [`GET /api/played-games-history/${player._id}`]: reply });
    renderApp('/played-games-history');
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(text);
  });
});

describe('score history (/score-history)', () => {
  const records: ScoreHistoryRecord[] = [
    { result: 'win', date: '2025-03-14T15:09:26.000Z', score: 1016, change: 16 },
    { result: 'lose', date: 'garbage', score: 1000, change: -15 },
  ];

  it('shows the name, the score, wins and losses as percent with counts, total games, and the records', async () => {
    historyApi({
      'GET /api/score-history': { body: { records } },
      'GET /api/statistics': { body: { wins: 7, losses: 3, totalGames: 10 } },
    });
    renderApp('/score-history');
    expect(await screen.findByRole('heading', { name: 'Score History' })).toBeInTheDocument();
    expect(screen.getByTestId('score-history-name')).toHaveTextContent('Alice');
    expect(screen.getByTestId('current-score')).toHaveTextContent('1016');
    expect(await screen.findByTestId('circle-wins')).toHaveTextContent(/70%.*Wins \(7\)/);
    expect(screen.getByTestId('circle-losses')).toHaveTextContent(/30%.*Losses \(3\)/);
    expect(screen.getByTestId('circle-total-games')).toHaveTextContent(/10.*Total games/);

    const [latest, older] = await screen.findAllByTestId('score-record');
    expect(latest).toHaveTextContent('Win');
    expect(latest).toHaveTextContent('1016');
    expect(latest).toHaveTextContent('+16');
    expect(older).toHaveTextContent('Lose');
    expect(older).toHaveTextContent('-15');
    expect(older).toHaveTextContent('Invalid Date');
  });

  it("says 'No score history available.' with no records, and 0% before any game", async () => {
    historyApi({
      'GET /api/score-history': { body: { records: [] } },
      'GET /api/statistics': { body: { wins: 0, losses: 0, totalGames: 0 } },
    });
    renderApp('/score-history');
    expect(await screen.findByText('No score history available.')).toBeInTheDocument();
    expect(screen.getByTestId('circle-wins')).toHaveTextContent('0%');
  });

  it("shows 'Failed to fetch game history' when the records cannot be read", async () => {
    historyApi({ 'GET /api/score-history': { status: 500, body: {} }, 'GET /api/statistics': { body: { wins: 0, losses: 0, totalGames: 0 } } });
    renderApp('/score-history');
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('Failed to fetch game history');
    expect(screen.queryByText('No score history available.')).not.toBeInTheDocument();
  });

  it('is linked from the profile, as are the played games', async () => {
    historyApi({ 'GET /api/statistics': { body: { wins: 0, losses: 0, totalGames: 0 } } });
    renderApp('/profile');
    const links = await screen.findByRole('navigation', { name: 'History' });
    expect(within(links).getByRole('link', { name: 'Score History' })).toHaveAttribute('href', '/score-history');
    expect(within(links).getByRole('link', { name: 'Played Games' })).toHaveAttribute('href', '/played-games-history');
  });
});
