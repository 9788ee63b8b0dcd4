import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { microToUsdt, usdtToMicro } from '../../protocol/money.ts';
import { devDepositBody, saveAddressBody, walletText, withdrawBody, type WithdrawAnswer } from '../../protocol/wallet.ts';
import { users } from '../db/schema.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { requireUser, sessionUser } from '../http/guards.ts';
import { InsufficientFunds, balanceOf } from '../ledger/ledger.ts';
import { depositAddressOf } from './deposits.ts';
import { Devchain } from './devchain.ts';
import { transactionsOf } from './transactions.ts';
import { isTronAddress } from './tronAddress.ts';
import { requestWithdrawal } from './withdrawals.ts';

const ownUserParams = z.object({ userId: z.string().max(64) });

export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { db, wallet } = app.services;
  app.addHook('preHandler', requireUser);

  app.get('/wallet/wallet-address', async (request) => ({
    walletAddress: await depositAddressOf(db, wallet.gateway, sessionUser(request).id),
  }));

  app.post('/wallet/save-address', async (request) => {
    const { savedAddress } = parseInput(saveAddressBody, request.body);
    if (!isTronAddress(savedAddress)) throw new HttpError(400, walletText.invalidAddress);
    await db.update(users).set({ savedAddress, savedAddressAt: new Date() }).where(eq(users.id, sessionUser(request).id));
    return { savedAddress };
  });

  app.post('/wallet/remove-address', async (request) => {
    await db.update(users).set({ savedAddress: null, savedAddressAt: null }).where(eq(users.id, sessionUser(request).id));
    return { savedAddress: null };
  });

  app.post('/withdraw', async (request) => {
    const user = sessionUser(request);
    const body = parseInput(withdrawBody, request.body);
    if (body.userId !== user.id) throw new HttpError(403, 'You can only withdraw from your own account');
    // Read fresh: the address may have changed since the session was checked.
    const [fresh] = await db.select({ savedAddress: users.savedAddress }).from(users).where(eq(users.id, user.id));
    if (!fresh?.savedAddress) throw new HttpError(400, walletText.required);
    let withdrawal: Awaited<ReturnType<typeof requestWithdrawal>>;
    try {
      withdrawal = await requestWithdrawal(app.services, user.id, fresh.savedAddress, usdtToMicro(body.amount));
    } catch (error) {
      if (error instanceof InsufficientFunds) throw new HttpError(400, walletText.insufficientBalance);
      throw error;
    }
    request.log.info({ userId: user.id, amount: body.amount, status: withdrawal.status }, 'withdrawal requested');
    const answer: WithdrawAnswer = { newBalance: microToUsdt(await balanceOf(db, user.id)), status: withdrawal.status === 'review' ? 'review' : 'pending' };
    return answer;
  });

  app.get('/transactions/:userId', async (request) => {
    const { userId } = parseInput(ownUserParams, request.params);
    if (userId !== sessionUser(request).id) throw new HttpError(403, 'You can only see your own transactions');
    return { transactions: await transactionsOf(db, userId) };
  });
}

/** Only on the devchain: the way money arrives in development. No session needed, as on a real chain. */
export async function devchainRoutes(app: FastifyInstance): Promise<void> {
  const { gateway } = app.services.wallet;
  if (!(gateway instanceof Devchain)) return;
  app.post('/dev/deposit', async (request) => {
    const body = parseInput(devDepositBody, request.body);
    if (!isTronAddress(body.address)) throw new HttpError(400, walletText.invalidAddress);
    const txId = await gateway.simulateIncoming(body.address, body.currency, usdtToMicro(body.amount), body.txId?.toLowerCase());
    return { txId };
  });
}
