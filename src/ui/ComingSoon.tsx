import { Link } from 'react-router-dom';
import { PageFrame } from './PageFrame.tsx';

interface ComingSoonProps {
  title: string;
  /** What the page will do, in a sentence, so the player knows what to expect. */
  description: string;
  /** Where the way back leads; the player app's lobby unless told otherwise (the admin entry). */
  backTo?: string;
  backLabel?: string;
}

/** A route whose feature arrives in a later release: a real frame, no invented data, a way back. */
export function ComingSoon({ title, description, backTo = '/game', backLabel = 'Back to Games' }: ComingSoonProps) {
  return (
    <PageFrame title={title}>
      <div className="coming-soon">
        <p className="coming-soon__badge">Coming soon</p>
        <p>{description}</p>
        <p className="muted">This arrives in a later release.</p>
        <Link className="button button--secondary" to={backTo}>
          {backLabel}
        </Link>
      </div>
    </PageFrame>
  );
}
