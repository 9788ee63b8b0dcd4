/** English texts of challenges (issue 36; see ../en.ts). */
const challenge = {
  title: 'Challenge',
  /** The lobby's bet popup: the second way to play a chosen bet. */
  fromLobby: 'Challenge a friend',
  /** Whoever opened the link reads who challenges them. */
  challengesYou: '{{name}} challenges you',
  yours: 'Your challenge',
  score: 'Score {{score}}',
  staked: '{{bet}} each, the winner takes {{payout}}',
  free: 'A free game, for tokens',
  expiresIn: 'Expires in {{time}}',
  waiting: 'Send the link to a chat: the first friend to accept plays you. Your bet comes back if nobody does.',
  waitingFriend: 'Sent to your friend: waiting for them to accept. Your bet comes back if they do not.',
  forFriend: 'This challenge was sent to one player.',
  send: 'Send to a chat',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Could not copy the link',
  cancel: 'Cancel challenge',
  accept: 'Accept',
  decline: 'Decline',
  back: 'Back to games',
  accepted: 'This challenge has been accepted.',
  canceled: 'This challenge was canceled.',
  expired: 'This challenge has expired.',
  failed: 'Something went wrong. Try again.',
  /** Beside the link when it goes through Telegram's share sheet or a browser's. */
  shareText: 'Play me on Duel Stakes: {{game}}, {{stake}}. Who is in?',
  /** The lobby's line about the player's own open challenge. */
  openBanner: 'Your challenge: {{game}}, {{stake}}',
  openBannerHint: 'Waiting for a friend to accept. Tap to share or cancel.',
  /** The friends list: one button per friend, and the popup it opens. */
  friendButton: 'Challenge',
  friendButtonLabel: 'Challenge {{name}}',
  friendTitle: 'Challenge {{name}}',
  chooseGame: 'Game',
  sendToFriend: 'Send challenge',
  sentToFriend: 'The bot sent your challenge to {{name}}.',
  notSentToFriend: '{{name}} has not opened the bot yet: send them the link yourself.',
};

export default challenge;
