/** English texts of the backgammon area (see ../en.ts): the Backgammon screen. The spec's words, unchanged. */
const backgammon = {
  freeGame: 'Free game',
  bet: 'Bet {{bet}}',
  opponent: 'Opponent',
  pips: 'Pips',
  off: 'Off',
  bar: 'Bar',
  bearOff: 'Bear off',
  point: 'Point {{number}}',
  void: 'Void',
  confirm: 'Confirm',
  myDice: 'Your dice',
  opponentDice: "Opponent's dice",
  usedDie: '{{value}}, used',
  status: {
    opening: 'Opening roll...',
    playedForMe: 'Your move was played for you',
    theirMove: '{{name}} moves',
    rolling: 'Rolling...',
    theyStart: '{{name}} starts',
    theirTurn: "{{name}}'s turn",
    noLegalMove: 'No legal moves',
    sending: 'Sending...',
    confirmOrVoid: 'Confirm your move, or void it',
    tapTarget: 'Tap a highlighted point',
    tapNext: 'Tap a checker to move on',
    iStart: 'You start: tap a checker',
    myMove: 'Your move: tap a checker',
  },
};

export default backgammon;
