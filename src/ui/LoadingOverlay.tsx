import { Spinner, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';

interface LoadingOverlayProps {
  /** Spec §2: 'Loading game assets...' while a game preloads (the default); the session check says less. */
  text?: string;
}

/** The whole screen while a page, a game or the session loads: telegram-ui's Spinner and one line. */
export function LoadingOverlay({ text }: LoadingOverlayProps) {
  const { t } = useTranslation();
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      {/* The overlay is the status; the kit's spinner would be a second, wordless one. */}
      <div aria-hidden="true">
        <Spinner size="l" />
      </div>
      <Text Component="p">{text ?? t('table.loadingAssets')}</Text>
    </div>
  );
}
