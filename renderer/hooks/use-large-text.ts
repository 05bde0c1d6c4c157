import { useEffect } from 'react';

// Large text for a customer (Settings → customerHelp.largeText): a class on <html>, since the screens size their
// words in rem (styles/access.css). Removed again when the screen stops asking, so the cashier's and an admin's
// screens keep their size.

export const LARGE_TEXT_CLASS = 'customer-large-text';

export function useLargeText(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    const root = document.documentElement;
    root.classList.add(LARGE_TEXT_CLASS);
    return () => root.classList.remove(LARGE_TEXT_CLASS);
  }, [on]);
}
