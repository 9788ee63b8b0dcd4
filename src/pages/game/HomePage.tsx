import { useSnapshot } from 'valtio';
import { session } from '../../app/session.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { GameTiles } from './GameTiles.tsx';
import { UserHeader } from './UserHeader.tsx';
import './home.css';

/** /game (and /): the lobby. Only rendered behind the session guard, so the user is there. */
export function HomePage() {
  const { user } = useSnapshot(session);
  if (!user) return null;
  return (
    <div className="home">
      <UserHeader user={user} />
      <BalanceCard balance={user.balance} />
      <GameTiles />
    </div>
  );
}
