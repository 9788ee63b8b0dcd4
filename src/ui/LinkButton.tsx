import { Button, type ButtonProps } from '@telegram-apps/telegram-ui';
import type { ComponentType } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

/**
 * telegram-ui's Button as a router link: it looks like the kit's button and is a real link (a screen
 * reader says where it goes; the router moves without a reload). Button renders any `Component`, but
 * its type has no room for that component's own props (`to`).
 */
const ButtonAs = Button as unknown as ComponentType<Omit<ButtonProps, 'Component'> & LinkProps & { Component: typeof Link }>;

export function LinkButton(props: Omit<ButtonProps, 'Component'> & LinkProps) {
  return <ButtonAs Component={Link} {...props} />;
}
