import { useId, type ReactNode } from 'react';

/** One titled part of the risk view; its title names it for assistive technology (and tests). */
export function RiskSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id} className="admin-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
