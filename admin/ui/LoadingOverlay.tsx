interface LoadingOverlayProps {
  /** Spec §2: 'Loading game assets...' while a game preloads; the session check says less. */
  text?: string;
}

export function LoadingOverlay({ text = 'Loading game assets...' }: LoadingOverlayProps) {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
