/** English texts of the invite area (see ../en.ts). */
const invite = {
  title: 'Invite friends',
  earn: 'Invite your friends and earn <strong>{{percent}}%</strong> of their winnings.',
  copy: 'Copy link',
  share: 'Share',
  copied: 'Link Copied',
  copyFailed: 'Could not copy text',
  close: 'Close',
  affiliateHint: 'Have a large audience?',
  affiliateLink: 'Request up to {{percent}}%',
  /** Beside the link in the friend's chat: the player inviting a friend, in their own words. */
  shareText: 'Up for a game? Backgammon or Belote, one on one, for real USDT stakes. Come play me on Duel Stakes!',
};

export default invite;
