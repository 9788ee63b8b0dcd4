import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_SEARCH_DEBOUNCE_MS, type CompletedGameRow } from '../../../protocol/admin.ts';
import { messageOf } from '../../../src/api/http.ts';
import { useCompletedGames } from '../../api/completedGames.ts';
import { toRangeQuery } from '../../dateRange.ts';
import { adminGameNames, formatAdminDate, formatBet, formatDuration } from '../../format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { DateRangeFields } from '../../ui/DateRangeFields.tsx';
import { Id } from '../../ui/Id.tsx';
import { Pager, usePageInBounds } from '../../ui/Pager.tsx';
import { useDebouncedCallback } from '../../ui/useDebouncedCallback.ts';
import { DownloadLogButton } from './DownloadLogButton.tsx';
import { DownloadProofButton } from './DownloadProofButton.tsx';

const FETCH_FAILED = 'Failed to fetch games';

const COLUMNS = ['Game Name', 'Game ID', 'Player IDs', 'Players', 'Scores', 'Winner', 'Bet Amount', 'Date', 'Duration (mm:ss)', 'Actions'] as const;

interface GamesQuery {
  search: string;
  start: string;
  end: string;
  page: number;
}

function Lines({ items }: { items: ReactNode[] }) {
  return (
    <ul className="admin-lines">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function GameRow({ game }: { game: CompletedGameRow }) {
  const winner = game.results.find((result) => result.isWinner);
  return (
    <tr data-testid="completed-game">
      <td>
        {adminGameNames[game.gameMode] ?? game.gameMode}
        {game.challenge && (
          <>
            {' '}
            <span className="admin-badge" data-testid="challenge-badge">
              Challenge
            </span>
          </>
        )}
      </td>
      <td>
        <Id value={game.gameId} />
      </td>
      <td>
        <Lines items={game.results.map((result) => <Id key={result.playerId} value={result.playerId} />)} />
      </td>
      <td>
        <Lines items={game.results.map((result) => result.nickname)} />
      </td>
      <td className="admin-number">{game.results.map((result) => result.score).join(' : ')}</td>
      <td>{winner?.nickname ?? '—'}</td>
      <td className="admin-number">{formatBet(game.betAmount)}</td>
      <td className="admin-number">{formatAdminDate(game.createdAt)}</td>
      <td className="admin-number">{formatDuration(game.duration)}</td>
      <td>
        <div className="admin-actions">
          <DownloadLogButton gameId={game.gameId} />
          <DownloadProofButton gameId={game.gameId} />
        </div>
      </td>
    </tr>
  );
}

/**
 * Spec §2 completed games: search (debounced 500 ms), a date range applied with Apply, paged by 10. A
 * new search or range goes back to page 1. The dashboard's View All passes its range as ?start&end.
 */
export function CompletedGamesPage() {
  const [params] = useSearchParams();
  const [initial] = useState(() => ({ start: params.get('start') ?? '', end: params.get('end') ?? '' }));
  const [searchText, setSearchText] = useState('');
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [query, setQuery] = useState<GamesQuery>({ search: '', ...initial, page: 1 });

  const search = useDebouncedCallback((text: string) => {
    const next = text.trim();
    setQuery((current) => (current.search === next ? current : { ...current, search: next, page: 1 }));
  }, ADMIN_SEARCH_DEBOUNCE_MS);

  const games = useCompletedGames({ ...toRangeQuery(query.start, query.end), page: query.page, search: query.search || undefined });
  const total = games.data?.totalGames ?? 0;
  const setPage = (page: number) => setQuery((current) => ({ ...current, page }));
  // The list shrank under the operator (a narrower range elsewhere, games removed).
  usePageInBounds(query.page, games.data?.totalGames, setPage);

  const rows = games.data?.games ?? [];
  return (
    <section className="admin-list">
      <header className="admin-page-head">
        <h1 className="admin__title">Completed Games</h1>
        <p className="admin-total">
          Total games: <strong data-testid="total-games">{games.data ? total.toLocaleString() : '…'}</strong>
        </p>
      </header>

      <div className="admin-toolbar">
        <input
          className="admin-input admin-input--search"
          type="search"
          placeholder="Search by Game ID or Player Name"
          aria-label="Search by Game ID or Player Name"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            search(event.target.value);
          }}
        />
        <form
          className="admin-toolbar__group"
          aria-label="Date range"
          onSubmit={(event) => {
            event.preventDefault();
            setQuery((current) => ({ ...current, start, end, page: 1 }));
          }}
        >
          <DateRangeFields start={start} end={end} onStart={setStart} onEnd={setEnd} />
          <button className="button button--small" type="submit">
            Apply
          </button>
        </form>
      </div>

      {games.isError && (
        <p className="form-error" role="alert">
          {messageOf(games.error, { failed: FETCH_FAILED, error: FETCH_FAILED })}
        </p>
      )}

      <DataTable
        columns={COLUMNS}
        loading={games.isPending}
        emptyText={games.isSuccess && rows.length === 0 ? 'No games found for the selected criteria.' : null}
        busy={games.isFetching}
      >
        {rows.map((game) => (
          <GameRow key={game.gameId} game={game} />
        ))}
      </DataTable>

      <Pager page={query.page} total={total} onPage={setPage} />
    </section>
  );
}
