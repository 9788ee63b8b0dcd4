import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppConfig } from '../../api/config.ts';
import { logout } from '../../api/logout.ts';
import { signOut } from '../../app/session.ts';
import { openLink } from '../../platform/telegram.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { UserAgreementPopup } from './UserAgreementPopup.tsx';
import './more.css';

export function MorePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const [agreementOpen, setAgreementOpen] = useState(false);
  const supportUrl = config.data?.supportUrl ?? null;

  const leaving = useMutation({
    mutationFn: logout,
    // Signed out here whatever the server said: a stale cookie is its problem, not the player's.
    onSettled: (_answer, error) => {
      if (error) console.error('Logout failed', error);
      signOut();
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });

  return (
    <PageFrame title="More">
      <ul className="menu">
        <li>
          <Link className="menu__item" to="/played-games-history">
            Played Games
          </Link>
        </li>
        <li>
          <Link className="menu__item" to="/transaction-history">
            Transaction History
          </Link>
        </li>
        <li>
          <Link className="menu__item" to="/affiliate-program">
            Affiliate Program
          </Link>
        </li>
        <li>
          <Link className="menu__item" to="/fairness">
            How fairness works
          </Link>
        </li>
        <li>
          <button className="menu__item" type="button" onClick={() => setAgreementOpen(true)}>
            User Agreement
          </button>
        </li>
        <li>
          <button
            className="menu__item"
            type="button"
            disabled={!supportUrl}
            onClick={() => supportUrl && openLink(supportUrl)}
          >
            Chat with Support
            {!supportUrl && config.isFetched && <span className="menu__note">unavailable</span>}
          </button>
        </li>
        <li>
          <button
            className="menu__item menu__item--danger"
            type="button"
            disabled={leaving.isPending}
            onClick={() => leaving.mutate()}
          >
            Logout
          </button>
        </li>
      </ul>
      {agreementOpen && <UserAgreementPopup onClose={() => setAgreementOpen(false)} />}
    </PageFrame>
  );
}
