import { Cell, IconButton, Switch } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { setSoundEnabled, soundSetting } from '../app/soundSetting.ts';
import { FairnessSheet, type FairnessGame } from './FairnessSheet.tsx';
import { GearIcon } from './icons.tsx';
import './game.css';

interface GameSettingsMenuProps {
  onLeave: () => void;
  /** The game on screen, for its Fairness sheet; `myId` tells the player's seed from the opponent's. */
  game: FairnessGame;
  myId: string;
}

/**
 * The game screens' settings: the sound switch, remembered on this device; the game's Fairness sheet
 * (issue 18); leave (the caller confirms).
 */
export function GameSettingsMenu({ onLeave, game, myId }: GameSettingsMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [showFairness, setShowFairness] = useState(false);
  const { enabled } = useSnapshot(soundSetting);
  return (
    <div className="game-menu">
      <IconButton type="button" mode="gray" size="m" aria-label={t('table.settings.open')} aria-expanded={open} onClick={() => setOpen((was) => !was)}>
        <GearIcon size={22} />
      </IconButton>
      {open && (
        <ul className="game-menu__list" aria-label={t('table.settings.open')}>
          <li>
            {/* The whole row toggles the sound; the switch says whether it is on. */}
            <Cell
              Component="label"
              multiline
              className="game-menu__item"
              after={
                <Switch role="switch" aria-checked={enabled} checked={enabled} onChange={(event) => setSoundEnabled(event.target.checked)} />
              }
              description={enabled ? t('table.settings.on') : t('table.settings.off')}
            >
              {t('table.settings.sound')}
            </Cell>
          </li>
          <li>
            <Cell
              Component="button"
              type="button"
              multiline
              className="game-menu__item"
              onClick={() => {
                setOpen(false);
                setShowFairness(true);
              }}
            >
              {t('table.settings.fairness')}
            </Cell>
          </li>
          <li>
            <Cell
              Component="button"
              type="button"
              multiline
              className="game-menu__item game-menu__item--danger"
              onClick={() => {
                setOpen(false);
                onLeave();
              }}
            >
              {t('table.settings.leave')}
            </Cell>
          </li>
        </ul>
      )}
      {/* A Popup (telegram-ui's Modal) portals itself out of the bar, whose stacking context is below parts of the table. */}
      {showFairness && <FairnessSheet game={game} myId={myId} onClose={() => setShowFairness(false)} />}
    </div>
  );
}
