import { z } from 'zod';
import { usdtAmount } from './usdtAmount.ts';

/** Spec §9: the network fee of a withdrawal, and the rule that the amount must exceed it. */
export const WITHDRAWAL_FEE = 1.5;
export const WITHDRAWAL_FEE_MICRO = 1_500_000n;
export const RECOMMENDED_DEPOSIT_USDT = 20;
export const TRX_USDT_RATE = 0.151;

export const walletText = {
  invalidAddress: 'Please enter a valid TRC20 wallet address.',
  amountTooSmall: 'Amount should be greater than 1.5 USDT.',
  insufficientBalance: 'Insufficient balance',
  required: 'User ID, amount, and address are required',
} as const;

/** A TRC20 address's shape: 'T' and 33 more base58 characters (the server also checks the base58check). */
export const TRC20_ADDRESS_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** The client's shape check (spec §5). */
export const trc20Address = z.string({ error: walletText.invalidAddress }).trim().regex(TRC20_ADDRESS_SHAPE, walletText.invalidAddress);

export const saveAddressBody = z.object({ savedAddress: trc20Address });

export const withdrawBody = z.object({
  userId: z.string({ error: walletText.required }).min(1, walletText.required),
  amount: usdtAmount.refine((a) => a > WITHDRAWAL_FEE, walletText.amountTooSmall),
});
export type WithdrawBody = z.input<typeof withdrawBody>;

/** POST /api/withdraw: the balance left, and whether the withdrawal goes out now or waits for review. */
export interface WithdrawAnswer {
  newBalance: number;
  status: 'pending' | 'review';
}

/** What the withdraw page says when a withdrawal waits for an operator. */
export const WITHDRAWAL_REVIEW_TEXT =
  'Your withdrawal is under review. The amount is held and goes out once approved, or comes back to your balance.';

export const transactionTypes = ['deposit', 'withdrawal', 'claim-reward', 'task-reward'] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** Spec §3 Transaction. */
export interface Transaction {
  _id: string;
  transactionId: string;
  type: TransactionType;
  amount: number;
  status: string;
  date: string;
  blockchainTransactionId: string | null;
}

export const devDepositBody = z.object({
  address: z.string().min(1).max(64),
  amount: usdtAmount.refine((a) => a > 0, 'Amount must be positive'),
  currency: z.enum(['USDT', 'TRX']),
  txId: z.string().regex(/^[0-9a-fA-F]{16,64}$/, 'txId must be 16–64 hex digits').optional(),
});
