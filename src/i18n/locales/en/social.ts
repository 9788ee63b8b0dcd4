/**
 * English texts of the social area (see ../en.ts): Friends, Tasks, More with the User Agreement, and the
 * affiliate program. A plural key carries all four CLDR forms (few and many read as other in English).
 */
const social = {
  friends: {
    title: 'Friends',
    yours: 'Your friends',
    none: 'No friends yet. Share your link: you earn from every game they win.',
    counts: 'Counts',
    notYet: 'Not yet',
    earned: 'earned',
  },
  rewards: {
    title: 'Rewards to claim',
    claim: 'Claim',
    claiming: 'Claiming…',
    moved: '{{amount}} moved to your balance.',
  },
  balance: {
    label: 'Balance',
  },
  tasks: {
    title: 'Tasks',
    intro: 'Complete a task, then claim its reward straight to your balance.',
    name: {
      inviteFriends_one: 'Invite {{count}} friend',
      inviteFriends_few: 'Invite {{count}} friends',
      inviteFriends_many: 'Invite {{count}} friends',
      inviteFriends_other: 'Invite {{count}} friends',
      winGames_one: 'Win {{count}} game',
      winGames_few: 'Win {{count}} games',
      winGames_many: 'Win {{count}} games',
      winGames_other: 'Win {{count}} games',
    },
    // "7/20 friends": the noun agrees with the target (20 друзей, 100 побед).
    progress: {
      inviteFriends_one: '{{current}}/{{count}} friend',
      inviteFriends_few: '{{current}}/{{count}} friends',
      inviteFriends_many: '{{current}}/{{count}} friends',
      inviteFriends_other: '{{current}}/{{count}} friends',
      winGames_one: '{{current}}/{{count}} win',
      winGames_few: '{{current}}/{{count}} wins',
      winGames_many: '{{current}}/{{count}} wins',
      winGames_other: '{{current}}/{{count}} wins',
    },
    progressLabel: '{{name}} progress',
    rule: {
      inviteFriends: 'A friend counts once they have deposited {{deposit}} USDT and finished a paid game against someone other than you.',
      winGames: 'Only wins in paid games that end by play count: not free games, not games your opponent left or timed out of.',
    },
    completed: 'Completed',
    claim: 'Claim {{amount}}',
    claiming: 'Claiming…',
    added: '{{amount}} added to your balance.',
  },
  more: {
    title: 'More',
    playedGames: 'Played Games',
    transactionHistory: 'Transaction History',
    affiliateProgram: 'Affiliate Program',
    fairness: 'How fairness works',
    sound: 'Sound',
    soundHint: 'Game sounds on this device',
    userAgreement: 'User Agreement',
    support: 'Chat with Support',
    supportUnavailable: 'unavailable',
    logout: 'Logout',
  },
  agreement: {
    title: 'User Agreement',
    close: 'Close',
    sections: {
      introduction: {
        title: 'Introduction',
        text: 'This agreement governs your use of Duel Stakes, a service where two players stake USDT on a one-on-one game of skill or chance. By creating an account or playing you accept these terms.',
      },
      eligibility: {
        title: 'Eligibility',
        text: 'You must be at least 18 years old, and old enough to take part in games with stakes where you live. You are responsible for making sure that playing is lawful in your jurisdiction.',
      },
      digitalAssets: {
        title: 'Digital assets only',
        text: 'Stakes, winnings, deposits and withdrawals are in digital assets (USDT on the TRON network, TRC20). No fiat currency is accepted or paid out, and balances cannot be exchanged for goods or services here.',
      },
      registration: {
        title: 'Account registration',
        text: 'Give accurate details when you register and keep your password safe; you are responsible for everything done with your account. One person may hold one account only: multiple accounts may be closed and their balances withheld.',
      },
      fairPlay: {
        title: 'Fair play',
        text: 'Play every game yourself. Bots, scripts, automated assistance, collusion with an opponent and deliberately losing are forbidden. Games are logged and may be reviewed; accounts found cheating may be suspended and their winnings cancelled.',
      },
      payments: {
        title: 'Deposits and withdrawals',
        text: 'Deposits are credited after network confirmation. Withdrawals are sent to the TRC20 address you save, less the network fee of 1.5 USDT, and usually take 10 to 30 minutes. Check addresses carefully: blockchain transfers cannot be reversed.',
      },
      liability: {
        title: 'Limitation of liability',
        text: 'The service is provided as is. We are not liable for losses from staking, from network delays or failures of the blockchain, from addresses entered wrongly, or from interruptions beyond our reasonable control. A game canceled by the server refunds both stakes.',
      },
      disputes: {
        title: 'Dispute resolution',
        text: 'If you believe a game or a transaction went wrong, contact support within 14 days with the game or transaction id. We review the game log and the ledger and answer in writing; our decision on a game result is final.',
      },
      termination: {
        title: 'Termination',
        text: 'You may stop using the service and withdraw your balance at any time. We may suspend or close an account that breaks this agreement or the law; the remaining lawful balance is then paid out to your saved address.',
      },
      changes: {
        title: 'Changes',
        text: 'We may change this agreement. The current version is always available in the app, and important changes are announced before they take effect. Continuing to play after a change means you accept it.',
      },
      law: {
        title: 'Governing law',
        text: 'This agreement is governed by the laws of the jurisdiction where the operator is registered, without regard to conflict-of-law rules. Mandatory consumer protections of your own country remain unaffected.',
      },
      contact: {
        title: 'Contact',
        text: 'Questions, complaints and requests about your data: use Chat with Support on the More page. Please include your username so we can find your account.',
      },
    },
  },
  affiliate: {
    title: 'Affiliate Program',
    about: 'About the program',
    rate: '{{percent}}%',
    yourRate: 'your affiliate rate',
    defaultRate: 'of your friends’ winnings',
    offer: 'A special affiliate rate of up to <strong>{{percent}}%</strong> of your invited friends’ winnings is available on request for users with a large public audience.',
    review: 'Tell us about your channel: we review every request and answer by email.',
    formTitle: 'Request affiliate status',
    channelName: 'Channel name',
    channelPlaceholder: '@yourchannel or a link',
    email: 'Email',
    notes: 'Notes (optional)',
    notesPlaceholder: 'Your audience, where you would share your link…',
    submit: 'Submit Request',
    sending: 'Sending…',
    sentTitle: 'Request sent',
    sentText: 'Thank you! We will review your request and write to you at <strong>{{email}}</strong>.',
    failed: 'Failed to submit your request.',
    error: 'Error submitting the request. Please try again later.',
  },
};

export default social;
