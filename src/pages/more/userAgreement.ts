/** The User Agreement's twelve sections (spec §2 More). Plain data, so the popup stays small. */
export const userAgreementSections: readonly { title: string; text: string }[] = [
  {
    title: 'Introduction',
    text: 'This agreement governs your use of Duel Stakes, a service where two players stake USDT on a one-on-one game of skill or chance. By creating an account or playing you accept these terms.',
  },
  {
    title: 'Eligibility',
    text: 'You must be at least 18 years old, and old enough to take part in games with stakes where you live. You are responsible for making sure that playing is lawful in your jurisdiction.',
  },
  {
    title: 'Digital assets only',
    text: 'Stakes, winnings, deposits and withdrawals are in digital assets (USDT on the TRON network, TRC20). No fiat currency is accepted or paid out, and balances cannot be exchanged for goods or services here.',
  },
  {
    title: 'Account registration',
    text: 'Give accurate details when you register and keep your password safe; you are responsible for everything done with your account. One person may hold one account only: multiple accounts may be closed and their balances withheld.',
  },
  {
    title: 'Fair play',
    text: 'Play every game yourself. Bots, scripts, automated assistance, collusion with an opponent and deliberately losing are forbidden. Games are logged and may be reviewed; accounts found cheating may be suspended and their winnings cancelled.',
  },
  {
    title: 'Deposits and withdrawals',
    text: 'Deposits are credited after network confirmation. Withdrawals are sent to the TRC20 address you save, less the network fee of 1.5 USDT, and usually take 10 to 30 minutes. Check addresses carefully: blockchain transfers cannot be reversed.',
  },
  {
    title: 'Limitation of liability',
    text: 'The service is provided as is. We are not liable for losses from staking, from network delays or failures of the blockchain, from addresses entered wrongly, or from interruptions beyond our reasonable control. A game canceled by the server refunds both stakes.',
  },
  {
    title: 'Dispute resolution',
    text: 'If you believe a game or a transaction went wrong, contact support within 14 days with the game or transaction id. We review the game log and the ledger and answer in writing; our decision on a game result is final.',
  },
  {
    title: 'Termination',
    text: 'You may stop using the service and withdraw your balance at any time. We may suspend or close an account that breaks this agreement or the law; the remaining lawful balance is then paid out to your saved address.',
  },
  {
    title: 'Changes',
    text: 'We may change this agreement. The current version is always available in the app, and important changes are announced before they take effect. Continuing to play after a change means you accept it.',
  },
  {
    title: 'Governing law',
    text: 'This agreement is governed by the laws of the jurisdiction where the operator is registered, without regard to conflict-of-law rules. Mandatory consumer protections of your own country remain unaffected.',
  },
  {
    title: 'Contact',
    text: 'Questions, complaints and requests about your data: use Chat with Support on the More page. Please include your username so we can find your account.',
  },
];
