/**
 * Where focus goes when a screen opens: the field the screen marked `data-autofocus` (the PIN field of a
 * PIN screen: the admin came to type), else the screen's title, so a screen reader announces where we are
 * and the keyboard's Enter means the screen's action ("Charge"), not "press the nav button again".
 */
export function focusScreenStart(root: ParentNode | null | undefined): boolean {
  const target =
    root?.querySelector<HTMLElement>('[data-autofocus]') ?? root?.querySelector<HTMLElement>('h1[tabindex="-1"]');
  if (!target) return false;
  target.focus({ preventScroll: true });
  return true;
}
