import { Cell, IconButton } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { chatPresets, type GameMode } from '../../protocol/constants.ts';
import { BLOT_CHAT_MS } from '../../protocol/blot.ts';
import { RPS_CHAT_MS } from '../../protocol/rps.ts';
import { sendChatMessage } from '../api/socket.ts';
import { liveGame, showChatBubble } from '../app/liveGame.ts';
import { ChatIcon } from './icons.tsx';
import './game.css';

/** How long a chat line stays up (spec §9: RPS 2.5 s, Belote 3 s; the others are not specified, 3 s). */
const chatShownMs: Record<GameMode, number> = { rps: RPS_CHAT_MS, blot: BLOT_CHAT_MS, carrom: 3000, backgammon: 3000 };

type ChatPreset = (typeof chatPresets)[number];

/** The presets travel in English (the server accepts only these); each player reads them in their language. */
const presetKeys = {
  'Hello!': 'hello',
  'Good luck!': 'goodLuck',
  'Well played!': 'wellPlayed',
  'Thanks!': 'thanks',
  'Oops!': 'oops',
  'Too easy!': 'tooEasy',
  'Hurry up!': 'hurryUp',
} as const satisfies Record<ChatPreset, string>;

const isPreset = (message: string): message is ChatPreset => Object.hasOwn(presetKeys, message);

interface ChatMenuProps {
  gameMode: GameMode;
  gameId: string;
  playerId: string;
}

/** The quick-text menu: the seven presets only (spec §5), sent as '<mode>-message' and shown on our side too. */
export function ChatMenu({ gameMode, gameId, playerId }: ChatMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const send = (message: string) => {
    sendChatMessage(gameMode, { message, gameId, userID: playerId });
    showChatBubble(playerId, message);
    setOpen(false);
  };
  return (
    <div className="game-menu">
      <IconButton type="button" mode="gray" size="m" aria-label={t('table.chat.open')} aria-expanded={open} onClick={() => setOpen((was) => !was)}>
        <ChatIcon size={22} />
      </IconButton>
      {open && (
        <ul className="game-menu__list" aria-label={t('table.chat.presets')}>
          {chatPresets.map((preset) => (
            <li key={preset}>
              <Cell Component="button" type="button" multiline className="game-menu__item" onClick={() => send(preset)}>
                {t(`table.chat.${presetKeys[preset]}`)}
              </Cell>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The latest chat line of one player, shown for the mode's time. */
export function ChatBubble({ gameMode, userId }: { gameMode: GameMode; userId: string }) {
  const { t } = useTranslation();
  const bubble = useSnapshot(liveGame).chat[userId];
  const [hiddenId, setHiddenId] = useState<number | null>(null);
  const bubbleId = bubble?.id ?? null;
  useEffect(() => {
    if (bubbleId === null) return;
    const timer = setTimeout(() => setHiddenId(bubbleId), chatShownMs[gameMode]);
    return () => clearTimeout(timer);
  }, [bubbleId, gameMode]);
  if (!bubble || bubble.id === hiddenId) return null;
  return (
    <p className="chat-bubble" role="status" data-testid={`chat-${userId}`}>
      {isPreset(bubble.message) ? t(`table.chat.${presetKeys[bubble.message]}`) : bubble.message}
    </p>
  );
}
