import { Link } from 'react-router-dom';

export const userRiskPath = (userId: string): string => `/admin/users/${encodeURIComponent(userId)}/risk`;

/** A player's nickname leading to their risk view. */
export function RiskLink({ userId, nickname }: { userId: string; nickname: string }) {
  return <Link to={userRiskPath(userId)}>{nickname}</Link>;
}
