import type { UserRiskAnswer } from '../../../protocol/integrity.ts';
import { adminGameNames, formatAdminDate, formatBet, formatSignedUsdt } from '../../format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { Id } from '../../ui/Id.tsx';
import { RiskLink } from '../../ui/RiskLink.tsx';
import { DownloadLogButton } from '../completed-games/DownloadLogButton.tsx';
import { RiskSection } from './RiskSection.tsx';

const HEAD_TO_HEAD_COLUMNS = ['Opponent', 'Games', 'Wins', 'Losses', 'Left by User', 'Left by Opponent', 'Net USDT'] as const;
const GAME_COLUMNS = ['Game', 'Game ID', 'Bet', 'Result', 'End Reason', 'Opponent', 'Date', 'Actions'] as const;

/** Paid games against each opponent: a lopsided record or one side always leaving is what collusion looks like. */
export function HeadToHeadSection({ rows }: { rows: UserRiskAnswer['headToHead'] }) {
  return (
    <RiskSection title="Head to Head">
      <DataTable compact columns={HEAD_TO_HEAD_COLUMNS} emptyText={rows.length === 0 ? 'No games against other players.' : null}>
        {rows.map((row) => (
          <tr key={row.opponentId} data-testid="risk-opponent">
            <td>
              <RiskLink userId={row.opponentId} nickname={row.nickname} />
            </td>
            <td className="admin-number">{row.games}</td>
            <td className="admin-number">{row.wins}</td>
            <td className="admin-number">{row.losses}</td>
            <td className="admin-number">{row.leftByUser}</td>
            <td className="admin-number">{row.leftByOpponent}</td>
            <td className={row.netUsdt < 0 ? 'admin-number admin-loss' : 'admin-number'}>{formatSignedUsdt(row.netUsdt)}</td>
          </tr>
        ))}
      </DataTable>
    </RiskSection>
  );
}

/** The account's latest games, each with its log, the evidence behind a flag. */
export function RecentGamesSection({ games }: { games: UserRiskAnswer['games'] }) {
  return (
    <RiskSection title="Recent Games">
      <DataTable compact columns={GAME_COLUMNS} emptyText={games.length === 0 ? 'No games played.' : null}>
        {games.map((game) => (
          <tr key={game.gameId} data-testid="risk-game">
            <td>{adminGameNames[game.gameMode] ?? game.gameMode}</td>
            <td>
              <Id value={game.gameId} />
            </td>
            <td className="admin-number">{formatBet(game.betAmount)}</td>
            <td>{game.result === 'win' ? 'Win' : 'Loss'}</td>
            <td>{game.endReason ?? '—'}</td>
            <td>{game.opponentId ? <RiskLink userId={game.opponentId} nickname={game.opponentNickname} /> : game.opponentNickname || '—'}</td>
            <td className="admin-number">{formatAdminDate(game.date)}</td>
            <td>
              <DownloadLogButton gameId={game.gameId} />
            </td>
          </tr>
        ))}
      </DataTable>
    </RiskSection>
  );
}
