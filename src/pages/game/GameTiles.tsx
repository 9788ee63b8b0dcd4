import { useState, type ComponentType } from 'react';
import { gameModes, gameNames, type GameMode } from '../../../protocol/constants.ts';
import { BackgammonIcon, BeloteIcon, CarromIcon, RpsIcon } from '../../ui/icons.tsx';
import { BetPopup } from './BetPopup.tsx';

const tileArt: Record<GameMode, { Icon: ComponentType<{ size?: number }>; blurb: string }> = {
  rps: { Icon: RpsIcon, blurb: 'Three trophies, 15 s a move' },
  blot: { Icon: BeloteIcon, blurb: 'Armenian Belote to 101' },
  carrom: { Icon: CarromIcon, blurb: 'Flick the striker, pocket your coins' },
  backgammon: { Icon: BackgammonIcon, blurb: 'Race your 15 checkers home' },
};

/** The four games; a tap opens that game's bet options. */
export function GameTiles({ balance, score }: { balance: number; score: number }) {
  const [chosen, setChosen] = useState<GameMode | null>(null);
  return (
    <section aria-labelledby="games-title">
      <h2 id="games-title" className="section-title">
        Games
      </h2>
      <div className="game-tiles">
        {gameModes.map((mode) => {
          const { Icon, blurb } = tileArt[mode];
          return (
            <button key={mode} type="button" className={`game-tile game-tile--${mode}`} onClick={() => setChosen(mode)}>
              <span className="game-tile__icon">
                <Icon size={30} />
              </span>
              <span className="game-tile__name">{gameNames[mode]}</span>
              <span className="game-tile__blurb">{blurb}</span>
            </button>
          );
        })}
      </div>
      {chosen && <BetPopup mode={chosen} balance={balance} score={score} onClose={() => setChosen(null)} />}
    </section>
  );
}
