import { Caption, Cell, Section, Text } from '@telegram-apps/telegram-ui';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOT_TARGET, type BlotRoundResultRow, type BlotRoundResults } from '../../../protocol/blot.ts';
import { Popup } from '../../ui/Popup.tsx';
import { roundName } from './blotView.ts';

interface BlotRoundResultsProps {
  results: BlotRoundResults;
  myId: string;
  opponentName: string;
}

/** "cards 81 · last trick 10 · blot 20": where a player's points of the round came from. */
function breakdownOf(t: TFunction, row: BlotRoundResultRow['me']): string {
  const parts = [t('blot.results.cards', { points: row.cards })];
  if (row.lastTrick > 0) parts.push(t('blot.results.lastTrick', { points: row.lastTrick }));
  if (row.combinations > 0) parts.push(t('blot.results.combinations', { points: row.combinations }));
  if (row.blot > 0) parts.push(t('blot.results.blot', { points: row.blot }));
  if (row.kaput > 0) parts.push(t('blot.results.kaput', { points: row.kaput }));
  return parts.join(' · ');
}

/** The two players' columns at a row's end: mine, then the opponent's. */
function Columns({ me, opponent }: { me: ReactNode; opponent: ReactNode }) {
  return (
    <span className="blot-results__columns">
      <span className="blot-results__column">{me}</span>
      <span className="blot-results__column">{opponent}</span>
    </span>
  );
}

/**
 * The round-result popup (about 5.5 s, then the next deal): who won the round and how, then every
 * completed round of the match with its table points and the running totals toward 101, as a
 * telegram-ui section of cells.
 */
export function BlotRoundResultsPopup({ results, myId, opponentName }: BlotRoundResultsProps) {
  const { t } = useTranslation();
  const last = results.details.at(-1);
  if (!last) return null;
  const you = t('blot.you');
  const mine = last.takerId === myId;
  // The row's own name says "You"/"Opponent"; the popup names the taker.
  const takerOf = (row: BlotRoundResultRow) => (row.takerId === myId ? you : opponentName);
  return (
    <Popup title={t('blot.results.title', { round: last.round })}>
      <Text Component="p" weight="2" className="blot-results__headline" data-testid="round-winner">
        {results.winnerId === myId ? t('blot.results.iWin') : t('blot.results.theyWin', { name: opponentName })}
        {last.inside && (
          <span className="blot-results__inside">
            {' · '}
            {mine ? t('blot.results.iWentInside') : t('blot.results.theyWentInside', { name: opponentName })}
          </span>
        )}
      </Text>
      <Caption Component="p" className="blot-results__breakdown">
        {you}: {breakdownOf(t, last.me)} = {last.rawMe}
        <br />
        {opponentName}: {breakdownOf(t, last.opponent)} = {last.rawOpponent}
      </Caption>
      <Section className="blot-results" aria-label={t('blot.results.label')}>
        <Cell readOnly multiline className="blot-results__row blot-results__head" after={<Columns me={you} opponent={opponentName} />}>
          {t('blot.results.round')}
        </Cell>
        {results.details.map((row) => (
          <Cell
            key={row.round}
            readOnly
            multiline
            className="blot-results__row"
            data-testid="round-row"
            after={
              <Columns
                me={
                  <>
                    <strong data-testid="row-me">+{row.mePoints}</strong>
                    <small data-testid="row-total-me">{row.totalMe}</small>
                  </>
                }
                opponent={
                  <>
                    <strong data-testid="row-opponent">+{row.opponentPoints}</strong>
                    <small data-testid="row-total-opponent">{row.totalOpponent}</small>
                  </>
                }
              />
            }
          >
            {roundName(t, row, takerOf(row))}
          </Cell>
        ))}
        <Cell
          readOnly
          multiline
          className="blot-results__row blot-results__total"
          after={
            <Columns
              me={
                <span data-testid="total-me">
                  {last.totalMe}/{BLOT_TARGET}
                </span>
              }
              opponent={
                <span data-testid="total-opponent">
                  {last.totalOpponent}/{BLOT_TARGET}
                </span>
              }
            />
          }
        >
          {t('blot.results.total')}
        </Cell>
      </Section>
    </Popup>
  );
}
