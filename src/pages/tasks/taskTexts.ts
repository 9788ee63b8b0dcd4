import i18next from 'i18next';
import { taskRules, type TaskCondition } from '../../../protocol/growth.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { formatNumber } from '../../i18n/format.ts';
import { serverText } from '../../i18n/serverText.ts';

/** Each task's texts in the locale files, by its condition (the server sends its name in English). */
export const taskKey = { invite_20_friends: 'inviteFriends', win_100_games: 'winGames' } as const satisfies Record<TaskCondition, string>;

// The invite rule with a number no deposit threshold will ever be, to find where the server put its own.
const PROBE = 987_654_321;
const [inviteBefore = '', inviteAfter = ''] = taskRules.invite_20_friends(PROBE).split(String(PROBE));

/**
 * The server's one line on what counts toward a task (or makes a friend count), in the language shown.
 * The server words it from protocol/growth.ts's taskRules with its own deposit threshold; a line that is
 * one of those reads as the locale's, with the same threshold, and any other line is shown as it came.
 */
export function ruleText(rule: string): string {
  if (rule === taskRules.win_100_games()) return i18next.t('social.tasks.rule.winGames');
  if (rule.startsWith(inviteBefore) && rule.endsWith(inviteAfter) && rule.length > inviteBefore.length + inviteAfter.length) {
    const deposit = Number(rule.slice(inviteBefore.length, rule.length - inviteAfter.length));
    if (Number.isFinite(deposit)) return i18next.t('social.tasks.rule.inviteFriends', { deposit: formatNumber(deposit) });
  }
  return rule;
}

/**
 * Why a claim was refused, in the language shown: the server's reason (there are no rewards, already
 * claimed…). Nothing when the server gave none or could not be reached: spec §8 only logs those.
 */
export function claimRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  // messageOf translates the answer's code; an answer with only the English words goes through serverText.
  return serverText(messageOf(error, { failed: '', error: '' })) || null;
}
