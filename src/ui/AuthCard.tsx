import { Headline, Subheadline, Text, Title } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { DuelMark } from './icons.tsx';
import './auth.css';

/** The product's name is a brand: every language writes it in these Latin letters. */
const PRODUCT_NAME = 'Duel Stakes';

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
    <div className="auth-page">
      <div className="auth-page__head">
        <Headline Component="p" weight="1" className="auth-page__brand">
          <DuelMark size={30} /> {PRODUCT_NAME}
        </Headline>
        <Title Component="h1" level="1" weight="1">
          {title}
        </Title>
        {subtitle && (
          <Text Component="p" className="auth-page__subtitle">
            {subtitle}
          </Text>
        )}
      </div>
      {children}
      {footer && (
        <Subheadline Component="div" className="auth-page__footer">
          {footer}
        </Subheadline>
      )}
    </div>
  );
}
