import { BLOT_TARGET, blotRoundName, blotText, type BlotRoundResultRow, type BlotRoundResults } from '../../../protocol/blot.ts';
import { Popup } from '../../ui/Popup.tsx';

interface BlotRoundResultsProps {
  results: BlotRoundResults;
  myId: string;
  opponentName: string;
}

/** The taker by name: the row's own name says "You"/"Opponent", the popup says who. */
const rowName = (row: BlotRoundResultRow, myId: string, opponentName: string) => blotRoundName(row, row.takerId === myId ? 'You' : opponentName);

function breakdownOf(row: BlotRoundResultRow['me']): string {
  const parts = [`cards ${row.cards}`];
  if (row.lastTrick > 0) parts.push(`last trick ${row.lastTrick}`);
  if (row.combinations > 0) parts.push(`combinations ${row.combinations}`);
  if (row.blot > 0) parts.push(`${blotText.blot.toLowerCase()} ${row.blot}`);
  if (row.kaput > 0) parts.push(`kaput ${row.kaput}`);
  return parts.join(' · ');
}

/**
 * The round-result popup (about 5.5 s, then the next deal): who won the round and how, then every
 * completed round of the match with its table points and the running totals toward 101.
 */
export function BlotRoundResultsPopup({ results, myId, opponentName }: BlotRoundResultsProps) {
  const last = results.details.at(-1);
  if (!last) return null;
  const winner = results.winnerId === myId ? 'You win the round' : `${opponentName} wins the round`;
  const taker = last.takerId === myId ? 'You' : opponentName;
  return (
    <Popup title={`Round ${last.round} result`}>
      <p className="blot-results__headline" data-testid="round-winner">
        {winner}
        {last.inside && <span className="blot-results__inside"> · {taker} went {blotText.inside}</span>}
      </p>
      <p className="muted blot-results__breakdown">
        You: {breakdownOf(last.me)} = {last.rawMe}
        <br />
        {opponentName}: {breakdownOf(last.opponent)} = {last.rawOpponent}
      </p>
      <table className="blot-results" aria-label="Round results">
        <thead>
          <tr>
            <th scope="col">Round</th>
            <th scope="col">You</th>
            <th scope="col">{opponentName}</th>
          </tr>
        </thead>
        <tbody>
          {results.details.map((row) => (
            <tr key={row.round} data-testid="round-row">
              <th scope="row">{rowName(row, myId, opponentName)}</th>
              <td>
                <strong data-testid="row-me">+{row.mePoints}</strong>
                <small data-testid="row-total-me">{row.totalMe}</small>
              </td>
              <td>
                <strong data-testid="row-opponent">+{row.opponentPoints}</strong>
                <small data-testid="row-total-opponent">{row.totalOpponent}</small>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td data-testid="total-me">
              {last.totalMe}/{BLOT_TARGET}
            </td>
            <td data-testid="total-opponent">
              {last.totalOpponent}/{BLOT_TARGET}
            </td>
          </tr>
        </tfoot>
      </table>
    </Popup>
  );
}
