import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../protocol/operators.ts';
import { operatorApi, OPERATOR_TOKEN, renderAdmin } from './adminRender.tsx';
import { stubApi } from './apiStub.ts';

/** Issue 35 in the back office: the login's second step, the Security page, the Operators page. */
describe('the login with a second factor', () => {
  function twoStepLogin() {
    return stubApi({
      'POST /api/admin/login': ({ body }) => {
        const { password, code } = body as { password: string; code?: string };
        if (password !== 'right-password') return { status: 401, body: { message: 'Invalid credentials', code: 'validation.invalidCredentials' } };
        if (!code) return { status: 401, body: { message: 'Invalid credentials', code: 'operator.secondFactorRequired' } };
        return code === '123456' ? { body: { token: OPERATOR_TOKEN } } : { status: 401, body: { message: 'Invalid credentials', code: 'validation.invalidCredentials' } };
      },
      'GET /api/admin/session': { body: { username: 'desk', role: 'finance', permissions: [...ROLE_PERMISSIONS.finance], secondFactor: true } },
    });
  }

  it('asks for the code after a right password, sends it with the password, and signs in', async () => {
    const api = twoStepLogin();
    const { user, path } = renderAdmin('/admin/login');
    await user.type(screen.getByLabelText('Username'), 'desk');
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const code = await screen.findByLabelText('Authentication code');
    // Not an error: the second step.
    expect(screen.queryByText('Invalid credentials')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/login')[0]?.body).toEqual({ username: 'desk', password: 'right-password' });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(path()).toBe('/admin/dashboard'));
    expect(api.callsTo('POST /api/admin/login').at(-1)?.body).toEqual({ username: 'desk', password: 'right-password', code: '123456' });
  });

  it('shows no code field to an operator without a second factor, and says Invalid credentials to a wrong password', async () => {
    twoStepLogin();
    const { user } = renderAdmin('/admin/login');
    await user.type(screen.getByLabelText('Username'), 'desk');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });
});

describe('the Security page', () => {
  it('sets the second factor up: the QR code, the secret, ten recovery codes, and a code to turn it on', async () => {
    let on = false;
    const api = operatorApi({
      'GET /api/admin/session': () => ({ body: { username: 'operator', role: 'owner', permissions: [...ROLE_PERMISSIONS.owner], secondFactor: on } }),
      'POST /api/admin/2fa/setup': {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Duel%20Stakes:operator?issuer=Duel%20Stakes&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
          recoveryCodes: Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBBB`),
        },
      },
      'POST /api/admin/2fa/confirm': ({ body }) => {
        if ((body as { code: string }).code !== '654321') return { status: 400, body: { message: 'That code is not right: check the time on your phone and try the next one' } };
        on = true;
        return { body: { secondFactor: true } };
      },
    });
    const { user } = renderAdmin('/admin/security');
    expect(await screen.findByTestId('second-factor-status')).toHaveTextContent('Two-factor sign-in is off.');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code of the two-factor secret' })).toBeInTheDocument();
    expect(screen.getByTestId('second-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(within(screen.getByTestId('recovery-codes')).getAllByRole('listitem')).toHaveLength(10);
    await user.type(screen.getByLabelText('Code from the app'), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/2fa/confirm').at(-1)?.body).toEqual({ code: '654321' });
  });
});

describe('the Operators page', () => {
  const operator = (id: string, username: string, role: string, extra: object = {}) => ({ id, username, role, disabled: false, secondFactor: false, createdAt: '2026-11-20T10:00:00.000Z', ...extra });

  it('lists the operators, creates one with a role, changes a role and disables; shows the audit trail', async () => {
    const list = [operator('o-1', 'boss', 'owner', { secondFactor: true }), operator('o-2', 'clerk', 'support')];
    const api = operatorApi({
      'GET /api/admin/operators': () => ({ body: { operators: list } }),
      'POST /api/admin/operators': ({ body }) => {
        const { username, role } = body as { username: string; role: string };
        list.push(operator('o-3', username, role));
        return { status: 201, body: { operator: list.at(-1) } };
      },
      'POST /api/admin/operators/o-2/role': ({ body }) => {
        list[1] = { ...list[1]!, role: (body as { role: string }).role };
        return { body: { operator: list[1] } };
      },
      'POST /api/admin/operators/o-2/disable': () => {
        list[1] = { ...list[1]!, disabled: true };
        return { body: { operator: list[1] } };
      },
      'GET /api/admin/audit': { body: { entries: [{ at: '2026-11-20T10:00:00.000Z', operator: 'boss', action: 'login', target: null, details: { ip: '10.0.0.1' } }] } },
    });
    const { user } = renderAdmin('/admin/operators');
    expect(await screen.findAllByTestId('operator-row')).toHaveLength(2);
    const form = screen.getByRole('form', { name: 'New operator' });
    await user.type(within(form).getByLabelText('Username'), 'cashier');
    await user.type(within(form).getByLabelText('Password'), 'cashier-pass');
    await user.selectOptions(within(form).getByLabelText('Role'), 'finance');
    await user.click(within(form).getByRole('button', { name: 'Create operator' }));
    await waitFor(() => expect(screen.getAllByTestId('operator-row')).toHaveLength(3));
    expect(api.callsTo('POST /api/admin/operators')[0]?.body).toEqual({ username: 'cashier', password: 'cashier-pass', role: 'finance' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of clerk' }), 'viewer');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of clerk' })).toHaveValue('viewer'));
    const clerk = screen.getAllByTestId('operator-row')[1]!;
    await user.click(within(clerk).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(within(screen.getAllByTestId('operator-row')[1]!).getByText('Disabled')).toBeInTheDocument());
    expect(within(screen.getAllByTestId('operator-row')[0]!).getByRole('button', { name: 'Reset two-factor' })).toBeInTheDocument();
    expect(within(screen.getByTestId('audit-entry')).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 3)).toEqual(['boss', 'login']);
  });

  it('is for owners only: Finance sees no Operators link, and the page says so', async () => {
    operatorApi({}, 'finance');
    renderAdmin('/admin/operators');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not allow this page.');
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Operators' })).not.toBeInTheDocument();
  });
});
