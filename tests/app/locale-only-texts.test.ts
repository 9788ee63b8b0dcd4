import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalTexts, tsxFiles } from './literal-texts.ts';

/**
 * Issue 23: every text a player reads comes from the locale files (src/i18n/locales, in English, Russian
 * and Armenian). No JSX text and no visible prop (aria-label, placeholder, title, alt, label, …) in src/
 * may be a literal, except in the files below, written before the locales and moved into them slice by
 * slice. The list only shrinks: a file on it that no longer has a literal must leave it.
 */
const NOT_YET_IN_LOCALES = [
  'app/GameScreenShell.tsx',
  'app/RequireSession.tsx',
  'games/backgammon/BackgammonPlayer.tsx',
  'games/backgammon/BackgammonTable.tsx',
  'games/blot/BlotActions.tsx',
  'games/blot/BlotCard.tsx',
  'games/blot/BlotFelt.tsx',
  'games/blot/BlotPlayer.tsx',
  'games/blot/BlotRoundResults.tsx',
  'games/blot/BlotTable.tsx',
  'games/carrom/CarromPlayer.tsx',
  'games/carrom/CarromTable.tsx',
  'games/rps/RpsPlayer.tsx',
  'games/rps/RpsTable.tsx',
  'pages/affiliate-program/AffiliateProgramPage.tsx',
  'pages/affiliate-program/AffiliateRequestForm.tsx',
  'pages/deposit/DepositAddress.tsx',
  'pages/deposit/DepositPage.tsx',
  'pages/deposit/SimulateDeposit.tsx',
  'pages/fairness/FairnessPage.tsx',
  'pages/forgot-password/ForgotPasswordPage.tsx',
  'pages/friends/FriendList.tsx',
  'pages/friends/FriendsPage.tsx',
  'pages/friends/InviteCard.tsx',
  'pages/friends/RewardsCard.tsx',
  'pages/login/LoginPage.tsx',
  'pages/more/MorePage.tsx',
  'pages/more/UserAgreementPopup.tsx',
  'pages/played-games-history/PlayedGamesHistoryPage.tsx',
  'pages/register/RegisterPage.tsx',
  'pages/reset-password/ResetPasswordPage.tsx',
  'pages/score-history/ScoreHistoryPage.tsx',
  'pages/tasks/TaskItem.tsx',
  'pages/tasks/TasksPage.tsx',
  'pages/transaction-history/TransactionHistoryPage.tsx',
  'pages/verify/ProofFails.tsx',
  'pages/verify/ProofHolds.tsx',
  'pages/verify/VerifyPage.tsx',
  'pages/withdraw/AddressStep.tsx',
  'pages/withdraw/AmountStep.tsx',
  'pages/withdraw/WithdrawPage.tsx',
  'ui/AuthCard.tsx',
  'ui/BalanceLine.tsx',
  'ui/ChatMenu.tsx',
  'ui/FairnessSheet.tsx',
  'ui/GameCanceledPopup.tsx',
  'ui/GameEndPopup.tsx',
  'ui/GameSettingsMenu.tsx',
  'ui/GoToLoginPopup.tsx',
  'ui/LeaveGamePopup.tsx',
  'ui/StakeAmount.tsx',
  'ui/TablePlayer.tsx',
];

const SRC = path.join(import.meta.dirname, '../../src');
const literalsOf = (file: string) => literalTexts(fs.readFileSync(path.join(SRC, file), 'utf8'), file);

describe('player texts live in the locale files', () => {
  it('no file outside the list writes a player text in its markup', () => {
    const offenders = tsxFiles(SRC)
      .filter((file) => !NOT_YET_IN_LOCALES.includes(file))
      .map((file) => [file, literalsOf(file)] as const)
      .filter(([, texts]) => texts.length > 0);
    expect(offenders).toEqual([]);
  });

  it('every file on the list still has one (move it off the list once it is translated)', () => {
    expect(NOT_YET_IN_LOCALES.filter((file) => literalsOf(file).length === 0)).toEqual([]);
  });

  it('finds the texts it is for, and leaves keys and code alone', () => {
    const source = `export const A = () => (
      <section aria-label="Main" title={'Hello'}>
        <h1>Profile</h1>
        <p>{t('profile.title')}</p>
        <img alt="" src="/x.png" />
        <i className="icon" data-testid="wins">{count} · 42</i>
        <Field label={\`Nickname\`} placeholder={t('x')} />
      </section>
    );`;
    expect(literalTexts(source)).toEqual(['aria-label="Main"', 'title="Hello"', 'Profile', 'label="Nickname"']);
  });
});
