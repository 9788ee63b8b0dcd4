import type { ReactNode } from 'react';

interface PageFrameProps {
  title: string;
  children: ReactNode;
  /** Shown right of the title (a back link, a count). */
  aside?: ReactNode;
}

/** The frame of a signed-in page: a title bar and the content below it. */
export function PageFrame({ title, children, aside }: PageFrameProps) {
  return (
    <section className="page-frame">
      <header className="page-frame__header">
        <h1>{title}</h1>
        {aside}
      </header>
      <div className="page-frame__content">{children}</div>
    </section>
  );
}
