import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';

function profileApi(overrides: Parameters<typeof makeUser>[0] = {}) {
  const player = makeUser({ nickname: 'Alice', country: 'AM', ...overrides });
  return stubApi({
    'GET /api/protected': { body: { user: player } },
    'GET /api/statistics': { body: { wins: 7, losses: 3, totalGames: 10 } },
    'POST /api/update-profile': ({ body }) => ({ body: { user: { ...player, ...(body as object) } } }),
  });
}

describe('the profile page', () => {
  it('shows the nickname, the country and the statistics', async () => {
    profileApi();
    renderApp('/profile');
    expect(await screen.findByLabelText('Nickname')).toHaveValue('Alice');
    expect(screen.getByLabelText('Country')).toHaveValue('AM');
    expect(await screen.findByTestId('wins')).toHaveTextContent('7');
    expect(screen.getByTestId('losses')).toHaveTextContent('3');
    expect(screen.getByTestId('total-games')).toHaveTextContent('10');
  });

  it("offers 'Not set' and the protocol's countries", async () => {
    profileApi();
    renderApp('/profile');
    const select = await screen.findByLabelText('Country');
    const options = [...(select as HTMLSelectElement).options];
    expect(options[0]).toHaveTextContent('Not set');
    expect(options[0]).toHaveValue('');
    expect(options.length).toBeGreaterThan(80);
  });

  it("saves the nickname and sends 'Not set' as null", async () => {
    const api = profileApi();
    const { user } = renderApp('/profile');
    const nickname = await screen.findByLabelText('Nickname');
    await user.clear(nickname);
    await user.type(nickname, 'Queen Alice');
    await user.selectOptions(screen.getByLabelText('Country'), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST /api/update-profile')).toHaveLength(1));
    expect(api.callsTo('POST /api/update-profile')[0]?.body).toEqual({ nickname: 'Queen Alice', country: null });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('sends a chosen country by its code', async () => {
    const api = profileApi({ country: null });
    const { user } = renderApp('/profile');
    await user.selectOptions(await screen.findByLabelText('Country'), 'FR');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/update-profile')[0]?.body).toEqual({ nickname: 'Alice', country: 'FR' }));
  });

  it('refuses an empty nickname without a request', async () => {
    const api = profileApi();
    const { user } = renderApp('/profile');
    await user.clear(await screen.findByLabelText('Nickname'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nickname is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/update-profile')).toHaveLength(0);
  });

  it("logs a failed save and shows the server's validation message", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      'GET /api/protected': { body: { user: makeUser() } },
      'GET /api/statistics': { body: { wins: 0, losses: 0, totalGames: 0 } },
      'POST /api/update-profile': { status: 400, body: { message: 'Unknown country' } },
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unknown country')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });
});
