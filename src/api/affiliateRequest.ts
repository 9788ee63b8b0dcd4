import type { AffiliateRequestBody } from '../../protocol/growth.ts';
import { post } from './http.ts';

/** POST /api/affiliate-program/request {channelName, email, additionalNotes} → 201 {ok, requestId}. */
export const submitAffiliateRequest = (body: AffiliateRequestBody) =>
  post<{ ok: true; requestId: string }>('/affiliate-program/request', body);
