import { Link } from 'react-router-dom';
import { useCan } from '../operator.ts';

export const userRiskPath = (userId: string): string => `/admin/users/${encodeURIComponent(userId)}/risk`;

/** A player's nickname leading to their risk view (the nickname alone for roles that do not see players). */
export function RiskLink({ userId, nickname }: { userId: string; nickname: string }) {
  const mayOpen = useCan('players');
  return mayOpen ? <Link to={userRiskPath(userId)}>{nickname}</Link> : <>{nickname}</>;
}
