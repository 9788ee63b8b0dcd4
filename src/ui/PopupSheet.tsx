import { Modal, Title } from '@telegram-apps/telegram-ui';
import { Drawer } from '@xelene/vaul-with-scroll-fix';
import type { ReactNode } from 'react';

export interface PopupProps {
  /** The headline; also the dialog's accessible name. */
  title: string;
  children?: ReactNode;
  /** The buttons under the text. */
  actions?: ReactNode;
  /** Escape, a tap outside and a swipe down call this; without it the popup only closes through its actions. */
  onClose?: () => void;
  /** Long texts (the user agreement) scroll inside the sheet. */
  scroll?: boolean;
  /** A class of the sheet itself (the search popup fades it out as the search ends). */
  className?: string;
}

/**
 * A modal sheet over the page (success messages, confirmations, the user agreement, a game's end):
 * telegram-ui's Modal, the bottom sheet a Telegram user knows, on both platforms' looks. It is shown
 * while it is mounted; its owner unmounts it to close it.
 *
 * The title is the drawer's own Title (Radix Dialog's), so the dialog is named by it and Radix finds
 * the title it checks for. A popup without onClose cannot be swiped or tapped away: a game's end or a
 * leave confirmation waits for a choice. Loaded through ./Popup.tsx, out of the first load.
 */
export function PopupSheet({ title, children, actions, onClose, scroll = false, className }: PopupProps) {
  return (
    <Modal
      open
      dismissible={onClose !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose?.();
      }}
      header={<Modal.Header />}
      className={['sheet', scroll && 'sheet--scroll', className].filter(Boolean).join(' ')}
      aria-describedby={undefined}
    >
      <Drawer.Title asChild>
        <Title level="2" weight="2" Component="h2" className="sheet__title">
          {title}
        </Title>
      </Drawer.Title>
      {children !== undefined && <div className="sheet__body">{children}</div>}
      {actions !== undefined && <div className="sheet__actions">{actions}</div>}
    </Modal>
  );
}
