import { useMutation } from '@tanstack/react-query';
import { Button, Spinner } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { messageOf } from '../../api/http.ts';
import { formatBet } from '../../i18n/format.ts';
import { cancelSearch, type Search } from '../../app/lobby.ts';
import { FormError } from '../../ui/FormError.tsx';
import { Popup } from '../../ui/Popup.tsx';

/** mm:ss of a search that has run `ms`. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** Spec §2: searching for an opponent, the time it has taken, and 'Cancel Search' (the bet comes back). */
export function SearchPopup({ search }: { search: Readonly<Search> }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const canceling = useMutation({ mutationFn: cancelSearch });
  const problem = canceling.error ? messageOf(canceling.error, { failed: t('search.cancelFailed'), error: t('search.cancelFailed') }) : null;

  return (
    <Popup
      className={search.closing ? 'search-popup search-popup--closing' : 'search-popup'}
      title={t('search.title')}
      actions={
        <>
          <FormError message={problem} />
          <Button
            size="l"
            stretched
            mode="gray"
            type="button"
            disabled={canceling.isPending || search.closing}
            onClick={() => canceling.mutate()}
          >
            {t('search.cancel')}
          </Button>
        </>
      }
    >
      <div className="search-popup__spinner" aria-hidden="true">
        <Spinner size="l" />
      </div>
      <p>
        {t(`games.${search.gameMode}.name`)} · {formatBet(search.betAmount)}
      </p>
      <p className="search-popup__elapsed" role="timer" aria-label={t('search.elapsed')}>
        {formatElapsed(now - search.startedAt)}
      </p>
    </Popup>
  );
}
