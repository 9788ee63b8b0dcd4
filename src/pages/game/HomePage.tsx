import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { gameRoutes } from '../../../protocol/gameConstants.ts';
import { liveGame, reloadCurrentGame } from '../../app/liveGame.ts';
import { challengeInQuery, takePendingChallenge } from '../../app/challengeLink.ts';
import { lobby } from '../../app/lobby.ts';
import { session } from '../../app/session.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { GameTiles } from './GameTiles.tsx';
import { OpenChallengeBanner } from './OpenChallengeBanner.tsx';
import { SearchPopup } from './SearchPopup.tsx';
import { UserHeader } from './UserHeader.tsx';
import './home.css';

/** /game (and /): the lobby. Only rendered behind the session guard, so the user is there. */
export function HomePage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const { search } = useSnapshot(lobby);
  const navigate = useNavigate();
  const location = useLocation();

  // A challenge's link brought the player here (issue 36): its page, once signed in.
  useEffect(() => {
    const code = challengeInQuery(location.search) ?? takePendingChallenge();
    if (code) void navigate(`/challenge/${code}`, { replace: true });
  }, [location.search, navigate]);

  // A player with a running game belongs on its screen (a reload, a second tab, a lost pairing event).
  useEffect(() => {
    let active = true;
    void reloadCurrentGame().then((outcome) => {
      const game = liveGame.current?.game;
      if (active && outcome === 'found' && game?.status === 'in-progress' && !lobby.starting) {
        void navigate(gameRoutes[game.gameMode]);
      }
    });
    return () => {
      active = false;
    };
  }, [navigate]);

  if (!user) return null;
  return (
    <div className="home">
      <UserHeader user={user} />
      {/* Said up front: the server refuses a frozen account's games, withdrawals and claims anyway (403). */}
      {user.frozen && (
        <p className="home__frozen" role="status" data-testid="frozen-banner">
          {t('lobby.frozen')}
        </p>
      )}
      <BalanceCard balance={user.balance} />
      <OpenChallengeBanner />
      <GameTiles balance={user.balance} score={user.score} />
      {search && <SearchPopup key={search.id} search={search} />}
    </div>
  );
}
