import { useState, type ComponentType } from 'react';
import { gameModes, gameNames, type GameMode } from '../../../protocol/constants.ts';
import { BackgammonIcon, BeloteIcon, CarromIcon, RpsIcon } from '../../ui/icons.tsx';
import { Popup } from '../../ui/Popup.tsx';

const tileArt: Record<GameMode, { Icon: ComponentType<{ size?: number }>; blurb: string }> = {
  rps: { Icon: RpsIcon, blurb: 'Three trophies, 15 s a move' },
  blot: { Icon: BeloteIcon, blurb: 'Armenian Belote to 101' },
  carrom: { Icon: CarromIcon, blurb: 'Flick the striker, pocket your coins' },
  backgammon: { Icon: BackgammonIcon, blurb: 'Race your 15 checkers home' },
};

/**
 * The four games. Matchmaking (bet choice, opponent search) is a later release, so a tap says so
 * instead of pretending to search.
 */
export function GameTiles() {
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
      {chosen && (
        <Popup
          title={gameNames[chosen]}
          onClose={() => setChosen(null)}
          actions={
            <button className="button button--block" type="button" onClick={() => setChosen(null)}>
              OK
            </button>
          }
        >
          <p>{gameNames[chosen]} arrives in a later release. Matchmaking against real opponents is on its way.</p>
        </Popup>
      )}
    </section>
  );
}
