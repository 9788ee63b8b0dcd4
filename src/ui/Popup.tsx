import { useEffect, useState, type ComponentType } from 'react';
import type { PopupProps } from './PopupSheet.tsx';

/**
 * The popup every page and game screen opens (./PopupSheet.tsx, telegram-ui's Modal). The sheet and
 * the drawer under it (vaul, Radix Dialog, ~10 KB gzip) are a chunk of their own, so the lobby's first
 * load stays under its budget (bench/bundle-size.bench.ts): the app fetches it with the lazy pages once
 * the lobby is up (src/app/routes.tsx prefetchPages), and a popup opened before that shows as soon as
 * it is in.
 */
let loaded: ComponentType<PopupProps> | null = null;
let loading: Promise<ComponentType<PopupProps>> | null = null;

export function prefetchPopup(): Promise<ComponentType<PopupProps>> {
  loading ??= import('./PopupSheet.tsx').then(
    (module) => (loaded = module.PopupSheet),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function Popup(props: PopupProps) {
  const [Sheet, setSheet] = useState<ComponentType<PopupProps> | null>(() => loaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (Sheet) return;
    let live = true;
    prefetchPopup().then(
      (ready) => {
        if (live) setSheet(() => ready);
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [Sheet]);
  // As a lazy page does: a chunk that cannot load goes to the router's error boundary.
  if (failure) throw failure.error;
  return Sheet ? <Sheet {...props} /> : null;
}
