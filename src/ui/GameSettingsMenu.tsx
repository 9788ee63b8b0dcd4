import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { setSoundEnabled, soundSetting } from '../app/soundSetting.ts';
import { GearIcon } from './icons.tsx';
import './game.css';

/** The game screens' settings: leave (the caller confirms) and the sound switch, remembered on this device. */
export function GameSettingsMenu({ onLeave }: { onLeave: () => void }) {
  const [open, setOpen] = useState(false);
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
    </div>
  );
}
