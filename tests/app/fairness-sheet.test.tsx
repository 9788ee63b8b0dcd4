import { AppRoot } from '@telegram-apps/telegram-ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fairnessText, SEEDING_PHASE } from '../../protocol/fairness.ts';
import en from '../../src/i18n/locales/en.ts';
import { FairnessSheet, type FairnessGame } from '../../src/ui/FairnessSheet.tsx';
import { stubApi } from './apiStub.ts';
import { finishedRps, GAME_ID, ME, OPPONENT, rpsUpdate } from './gameFixtures.ts';
import { makeUser, renderApp } from './renderApp.tsx';

const HASH = 'ab'.repeat(32);
const SERVER_SEED = 'cd'.repeat(32);
const MY_SEED = '0123456789abcdef0123456789abcdef';
const THEIR_SEED = 'fedcba9876543210';
const fairnessSheetText = en.records.sheet;

/** The sheet alone on a router (it links to the Verify and How fairness works pages). */
function renderSheet(game: Partial<FairnessGame>) {
  const full: FairnessGame = {
    _id: GAME_ID,
    status: 'in-progress',
    phase: 'choose',
    userIds: [ME, OPPONENT],
    seedHash: HASH,
    seed: null,
    clientSeeds: { [ME]: MY_SEED, [OPPONENT]: THEIR_SEED },
    ...game,
  };
  const router = createMemoryRouter([{ path: '*', element: <FairnessSheet game={full} myId={ME} onClose={() => undefined} /> }]);
  const user = userEvent.setup();
  // telegram-ui's components draw only under its AppRoot, as the app puts them (src/app/AppProviders.tsx).
  render(
    <AppRoot>
      <RouterProvider router={router} />
    </AppRoot>,
  );
  return { user, seeds: screen.getByTestId('fairness-seeds') };
}

/** The value shown under a label of the seeds list. */
const shownFor = (seeds: HTMLElement, label: string) => within(seeds).getByText(label).nextElementSibling?.textContent;

describe("a game's Fairness sheet", () => {
  it('opens from the settings menu of a game screen and shows the seed hash and both client seeds', async () => {
    stubApi({
      'GET /api/protected': { body: { user: makeUser() } },
      'GET /api/current-game': { body: rpsUpdate({ clientSeeds: { [ME]: MY_SEED, [OPPONENT]: THEIR_SEED } }) },
    });
    const { user } = renderApp('/rps');
    await user.click(await screen.findByRole('button', { name: 'Settings' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'Fairness' }));
    const sheet = screen.getByRole('dialog', { name: 'Fairness' });
    const seeds = within(sheet).getByTestId('fairness-seeds');
    expect(shownFor(seeds, 'Server seed hash')).toBe(HASH);
    expect(shownFor(seeds, 'Your client seed')).toBe(MY_SEED);
    expect(shownFor(seeds, "Opponent's client seed")).toBe(THEIR_SEED);
    // Still running: nothing revealed, nothing to verify yet, and no link that would leave the table.
    expect(within(sheet).queryByText('Server seed, revealed')).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('link', { name: 'Verify this game' })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('link', { name: 'How fairness works' })).not.toBeInTheDocument();
    expect(sheet).toHaveTextContent('neither the server nor your opponent could choose them');

    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Fairness' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rock' })).toBeInTheDocument();
  });

  it('says a seed has not come yet while the game is seeding', () => {
    const { seeds } = renderSheet({ phase: SEEDING_PHASE, clientSeeds: { [ME]: MY_SEED, [OPPONENT]: '' } });
    expect(shownFor(seeds, 'Your client seed')).toBe(MY_SEED);
    expect(shownFor(seeds, "Opponent's client seed")).toBe(fairnessSheetText.notSentYet);
  });

  it('says a seed that never came was counted as empty once the first draw is made', () => {
    const { seeds } = renderSheet({ clientSeeds: { [ME]: '', [OPPONENT]: THEIR_SEED } });
    expect(shownFor(seeds, 'Your client seed')).toBe(fairnessSheetText.noneSent);
    expect(shownFor(seeds, "Opponent's client seed")).toBe(THEIR_SEED);
  });

  it('shows the revealed server seed and links the Verify page once the game is over', () => {
    const { game } = finishedRps(true, { seed: SERVER_SEED, clientSeeds: { [ME]: MY_SEED, [OPPONENT]: '' } });
    const { seeds } = renderSheet(game);
    expect(shownFor(seeds, 'Server seed hash')).toBe(HASH);
    expect(shownFor(seeds, 'Server seed, revealed')).toBe(SERVER_SEED);
    expect(shownFor(seeds, "Opponent's client seed")).toBe(fairnessSheetText.noneSent);
    expect(screen.getByRole('link', { name: 'Verify this game' })).toHaveAttribute('href', `/verify/${GAME_ID}`);
    expect(screen.getByRole('link', { name: 'How fairness works' })).toHaveAttribute('href', '/fairness');
  });
});

describe("the device's seed in the Fairness sheet", () => {
  const field = () => screen.getByRole('textbox', { name: 'Your seed for the next games' });

  it('shows the seed the next games send, and says a change applies from the next game', () => {
    window.localStorage.setItem('clientSeed', MY_SEED);
    renderSheet({});
    expect(field()).toHaveValue(MY_SEED);
    expect(screen.getByText(/applies from your next game/)).toBeInTheDocument();
  });

  it('saves a valid seed trimmed and in lower case', async () => {
    window.localStorage.setItem('clientSeed', MY_SEED);
    const { user } = renderSheet({});
    await user.clear(field());
    await user.type(field(), '  AABBCCDDEEFF00112233  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(window.localStorage.getItem('clientSeed')).toBe('aabbccddeeff00112233');
    expect(field()).toHaveValue('aabbccddeeff00112233');
    expect(screen.getByRole('status')).toHaveTextContent(fairnessSheetText.saved);
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a malformed seed with the format text and keeps the old one', async () => {
    window.localStorage.setItem('clientSeed', MY_SEED);
    const { user } = renderSheet({});
    await user.clear(field());
    await user.type(field(), 'my lucky seed{Enter}');
    expect(screen.getByText(fairnessText.clientSeedFormat)).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(window.localStorage.getItem('clientSeed')).toBe(MY_SEED);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('makes a new random seed on request, clearing an error', async () => {
    window.localStorage.setItem('clientSeed', MY_SEED);
    const { user } = renderSheet({});
    await user.clear(field());
    await user.type(field(), 'xyz');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(fairnessText.clientSeedFormat)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New random seed' }));
    const fresh = window.localStorage.getItem('clientSeed');
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(MY_SEED);
    expect(field()).toHaveValue(fresh);
    expect(screen.queryByText(fairnessText.clientSeedFormat)).not.toBeInTheDocument();
  });
});
