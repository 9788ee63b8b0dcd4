import { useEffect, useRef } from 'react';
import { telegramWidgetAuthUrl } from '../../api/telegramAuth.ts';

interface TelegramLoginWidgetProps {
  botUsername: string;
  referrerId: string | null;
}

/**
 * Telegram's Login Widget for players in a normal browser. Telegram's script draws its button in an
 * iframe and, after the user confirms, sends the browser to GET /api/auth/telegram, which signs in and
 * redirects to /game. If telegram.org cannot be reached the container simply stays empty.
 */
export function TelegramLoginWidget({ botUsername, referrerId }: TelegramLoginWidgetProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = container.current;
    if (!target) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.dataset.telegramLogin = botUsername;
    script.dataset.size = 'large';
    script.dataset.authUrl = telegramWidgetAuthUrl(window.location.origin, referrerId);
    script.dataset.requestAccess = 'write';
    script.onerror = () => console.warn('The Telegram Login Widget could not be loaded');
    target.appendChild(script);
    return () => target.replaceChildren();
  }, [botUsername, referrerId]);

  return <div className="auth-page__widget" ref={container} data-testid="telegram-login-widget" />;
}
