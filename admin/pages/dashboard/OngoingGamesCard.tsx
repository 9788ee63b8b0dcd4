import { useState } from 'react';
import type { OngoingGame } from '../../../protocol/game.ts';
import { messageOf } from '../../../src/api/http.ts';
import { Popup } from '../../ui/Popup.tsx';
import { useCancelGame } from '../../api/cancelGame.ts';
import { useOngoingGames } from '../../api/ongoingGames.ts';
import { adminGameNames, formatBet } from '../../format.ts';
import { useNow } from '../../ui/useNow.ts';
import { useCan } from '../../operator.ts';

function CancelGamePopup({ game, onClose }: { game: OngoingGame; onClose: () => void }) {
  const cancel = useCancelGame();
  return (
    <Popup
      title="Cancel this game?"
      onClose={cancel.isPending ? undefined : onClose}
      actions={
        <>
          <button
            className="button button--danger button--block"
            type="button"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(game.id, { onSuccess: onClose })}
          >
            Cancel Game
          </button>
          <button className="button button--secondary button--block" type="button" disabled={cancel.isPending} onClick={onClose}>
            Keep Playing
          </button>
        </>
      }
    >
      <p>
        {adminGameNames[game.gameMode]} {game.id} ends now and both players get their {formatBet(game.betAmount)} stake back.
      </p>
      {cancel.isError && (
        <p className="form-error" role="alert">
          {messageOf(cancel.error, { failed: 'Failed to cancel the game', error: 'The server could not be reached.' })}
        </p>
      )}
    </Popup>
  );
}

/** Spec §2: game name, id and running time in seconds, live from ongoingGamesUpdate, ticking between events. */
export function OngoingGamesCard() {
  const ongoing = useOngoingGames();
  const mayCancel = useCan('games');
  const games = ongoing.data ?? [];
  const now = useNow(1000, games.length > 0);
  const [confirming, setConfirming] = useState<OngoingGame | null>(null);
  // `duration` is as of the answer or event; the clock adds the time since.
  const sinceAnswer = Math.max(0, Math.floor((now - ongoing.dataUpdatedAt) / 1000));

  return (
    <article className="card admin-card ongoing-card" aria-labelledby="ongoing-title">
      <h2 id="ongoing-title">Ongoing Games</h2>
      {ongoing.isPending && <p className="muted">Loading...</p>}
      {ongoing.isError && (
        <p className="form-error" role="alert">
          Failed to fetch ongoing games
        </p>
      )}
      {ongoing.isSuccess && games.length === 0 && <p className="muted">No games in progress.</p>}
      {games.length > 0 && (
        <table className="admin-table admin-table--compact">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">ID</th>
              <th scope="col">Bet</th>
              <th scope="col">Duration</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {games.map((game) => (
              <tr key={game.id} data-testid="ongoing-game">
                <td>{adminGameNames[game.gameMode]}</td>
                <td>
                  <span className="admin-id">{game.id}</span>
                </td>
                <td>{formatBet(game.betAmount)}</td>
                <td className="admin-number" data-testid="ongoing-duration">
                  {game.duration + sinceAnswer} s
                </td>
                <td>
                  {mayCancel ? (
                    <button className="button button--danger button--small" type="button" aria-label={`Cancel game ${game.id}`} onClick={() => setConfirming(game)}>
                      Cancel
                    </button>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirming && <CancelGamePopup game={confirming} onClose={() => setConfirming(null)} />}
    </article>
  );
}
