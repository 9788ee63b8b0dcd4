import { useState } from 'react';
import { createPortal } from 'react-dom';
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
  const [open, setOpen] = useState(false);
  const [showFairness, setShowFairness] = useState(false);
  const { enabled } = useSnapshot(soundSetting);
  return (
    <div className="game-menu">
      <button
        className="icon-button"
        type="button"
        aria-label="Settings"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        <GearIcon size={22} />
      </button>
      {open && (
        <ul className="game-menu__list" aria-label="Settings">
          <li>
            <button
              className="game-menu__item"
              type="button"
              role="switch"
              aria-checked={enabled}
              onClick={() => setSoundEnabled(!enabled)}
            >
              Sound <span className="game-menu__state">{enabled ? 'On' : 'Off'}</span>
            </button>
          </li>
          <li>
            <button
              className="game-menu__item"
              type="button"
              onClick={() => {
                setOpen(false);
                setShowFairness(true);
              }}
            >
              Fairness
            </button>
          </li>
          <li>
            <button
              className="game-menu__item game-menu__item--danger"
              type="button"
              onClick={() => {
                setOpen(false);
                onLeave();
              }}
            >
              Leave game
            </button>
          </li>
        </ul>
      )}
      {/* On the body: the menu's bar is a stacking context of its own, below parts of the table. */}
      {showFairness && createPortal(<FairnessSheet game={game} myId={myId} onClose={() => setShowFairness(false)} />, document.body)}
    </div>
  );
}
