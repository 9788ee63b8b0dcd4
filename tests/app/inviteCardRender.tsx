import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, createQueryClient } from '../../src/app/AppProviders.tsx';
import { InviteCard } from '../../src/pages/friends/InviteCard.tsx';

export const INVITE_LINK = 'https://t.me/duel_bot/play?startapp=alice7';

/** The invite card alone, as the friends page shows it to a player who is not an affiliate. */
export function renderInviteCard() {
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <InviteCard percent={3.5} fallbackLink={INVITE_LINK} showAffiliateHint />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user };
}

/** Where a share through Telegram's share sheet (web_app_open_tg_link /share/url) points, and its text. */
export function sharedThroughSheet(sent: [string, unknown][]): { url: string | null; text: string | null } | null {
  const call = sent.find(([method]) => method === 'web_app_open_tg_link');
  if (!call) return null;
  const path = new URL(`https://t.me${(call[1] as { path_full: string }).path_full}`);
  if (path.pathname !== '/share/url') return null;
  return { url: path.searchParams.get('url'), text: path.searchParams.get('text') };
}
