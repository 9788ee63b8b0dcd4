import type { ReactNode } from 'react';
import { DuelMark } from './icons.tsx';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Links under the form (register, forgot password, back to login). */
  footer?: ReactNode;
}

/** The frame of the signed-out pages: the product name, a title, the form. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="auth">
      <p className="auth__brand">
        <DuelMark size={30} /> Duel Stakes
      </p>
      <div className="auth__card">
        <h1 className="auth__title">{title}</h1>
        {subtitle && <p className="auth__subtitle">{subtitle}</p>}
        {children}
      </div>
      {footer && <div className="auth__footer">{footer}</div>}
    </div>
  );
}
