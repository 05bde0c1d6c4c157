import { useSyncExternalStore } from 'react';

/** True while the CSS media query matches (false where the page cannot tell, e.g. in a DOM test). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
  );
}

/** A small till display (800×480 and the like): the same query as the stylesheet's compact layout. */
export const SHORT_DISPLAY = '(max-height: 560px)';
