import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { User } from '../../protocol/user.ts';
import { AppProviders, createQueryClient } from '../../src/app/AppProviders.tsx';
import { appRoutes } from '../../src/app/routes.tsx';
import type { SessionRetry } from '../../src/app/sessionCheck.ts';

/** The player app on a memory router, as main.tsx builds it, starting at `entries[index]`. */
export function renderApp(
  entries: string | string[],
  { sessionRetry = { attempts: 3, delayMs: 5 }, initialIndex }: { sessionRetry?: SessionRetry; initialIndex?: number } = {},
) {
  const initialEntries = typeof entries === 'string' ? [entries] : entries;
  const router = createMemoryRouter(appRoutes, { initialEntries, initialIndex: initialIndex ?? initialEntries.length - 1 });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} sessionRetry={sessionRetry}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient, path: () => router.state.location.pathname };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: '7d5b8a1e-0000-4000-8000-000000000001',
    username: 'alice_1',
    nickname: 'alice_1',
    email: 'alice@example.com',
    balance: 0,
    score: 900,
    country: null,
    savedAddress: null,
    isAffiliate: false,
    affiliatePercentage: 3.5,
    invitedFriends: [],
    wins: 0,
    photoUrl: null,
    avatarUrl: null,
    inviteLink: 'http://localhost:3000/register?ref=alice_1',
    frozen: false,
    language: null,
    ...overrides,
  };
}
