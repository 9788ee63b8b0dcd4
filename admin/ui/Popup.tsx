import { useEffect, useId, useRef, type ReactNode } from 'react';

interface PopupProps {
  /** The headline; also the dialog's accessible name. */
  title: string;
  children?: ReactNode;
  /** The buttons under the text. */
  actions?: ReactNode;
  /** Escape and a tap outside call this; without it the popup only closes through its actions. */
  onClose?: () => void;
  /** Long texts (the user agreement) scroll inside the card. */
  scroll?: boolean;
}

/** A modal card over the back office page (the player app has its own, on telegram-ui: src/ui/Popup.tsx). */
export function Popup({ title, children, actions, onClose, scroll = false }: PopupProps) {
  const titleId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the effects below (callers pass inline arrows).
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    // Focus moves into the dialog once, so keyboard and screen-reader users land on it.
    const card = cardRef.current;
    (card?.querySelector<HTMLElement>('button, [href], input') ?? card)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="popup-backdrop" onClick={(event) => event.target === event.currentTarget && onClose?.()}>
      <div
        ref={cardRef}
        className={scroll ? 'popup popup--scroll' : 'popup'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="popup__title">
          {title}
        </h2>
        {children !== undefined && <div className="popup__body">{children}</div>}
        {actions !== undefined && <div className="popup__actions">{actions}</div>}
      </div>
    </div>
  );
}
