import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { gameModes, type GameMode } from '../../../protocol/constants.ts';
import { BackgammonIcon, BeloteIcon, CarromIcon, RpsIcon } from '../../ui/icons.tsx';
import { BetPopup } from './BetPopup.tsx';

const tileIcons: Record<GameMode, ComponentType<{ size?: number }>> = {
  rps: RpsIcon,
  blot: BeloteIcon,
  carrom: CarromIcon,
  backgammon: BackgammonIcon,
};

/** The four games; a tap opens that game's bet options. */
export function GameTiles({ balance, score }: { balance: number; score: number }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<GameMode | null>(null);
  return (
    <section aria-labelledby="games-title">
      <h2 id="games-title" className="section-title">
        {t('lobby.games')}
      </h2>
      <div className="game-tiles">
        {gameModes.map((mode) => {
          const Icon = tileIcons[mode];
          return (
            <button key={mode} type="button" className={`game-tile game-tile--${mode}`} onClick={() => setChosen(mode)}>
              <span className="game-tile__icon">
                <Icon size={30} />
              </span>
              <span className="game-tile__name">{t(`games.${mode}.name`)}</span>
              <span className="game-tile__blurb">{t(`games.${mode}.blurb`)}</span>
            </button>
          );
        })}
      </div>
      {chosen && <BetPopup mode={chosen} balance={balance} score={score} onClose={() => setChosen(null)} />}
    </section>
  );
}
