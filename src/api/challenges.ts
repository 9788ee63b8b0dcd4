import { queryOptions } from '@tanstack/react-query';
import type {
  AcceptChallengeAnswer,
  CancelChallengeAnswer,
  ChallengeMessageAnswer,
  ChallengeView,
  CreateChallengeAnswer,
  OwnChallengeAnswer,
} from '../../protocol/challengeConstants.ts';
import type { CreateChallengeBody } from '../../protocol/challenge.ts';
import { get, post } from './http.ts';

/**
 * The challenge calls (issue 36): create one (the bet goes to escrow), read one by its code or the
 * player's own open one, accept, cancel, and the card for Telegram's share dialog.
 */
export const createChallenge = (body: CreateChallengeBody) => post<CreateChallengeAnswer>('/challenges', body);
export const acceptChallenge = (code: string) => post<AcceptChallengeAnswer>(`/challenges/${encodeURIComponent(code)}/accept`);
export const cancelChallenge = (code: string) => post<CancelChallengeAnswer>(`/challenges/${encodeURIComponent(code)}/cancel`);
/** 503 when the server has no bot; the caller shares the plain link then. */
export const prepareChallengeMessage = (code: string) => post<ChallengeMessageAnswer>(`/challenges/${encodeURIComponent(code)}/message`);

/** Every challenge query: a challenge that ends (socket, accept, cancel) refreshes them all. */
export const challengesKey = ['challenges'] as const;

export const challengeQueryOptions = (code: string) =>
  queryOptions({ queryKey: [...challengesKey, code] as const, queryFn: () => get<ChallengeView>(`/challenges/${encodeURIComponent(code)}`), retry: false });

/** The player's own open challenge (the lobby shows it), or null. */
export const ownChallengeQueryOptions = () => queryOptions({ queryKey: [...challengesKey, 'own'] as const, queryFn: () => get<OwnChallengeAnswer>('/challenges') });
