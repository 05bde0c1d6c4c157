import { useT } from '../../i18n/i18n.tsx';

/**
 * A till heard from in the last 90 s, or not. The dot differs in shape as well as colour (filled, hollow); the
 * word is read out, and shown where there is room (`visible`).
 */
export function OnlineDot({ online, visible = false }: { online: boolean; visible?: boolean }) {
  const t = useT();
  const word = online ? t('shop.online') : t('shop.offline');
  return (
    <span
      className={`shop-online ${online ? 'shop-is-online' : 'shop-is-offline'}`}
      data-testid="shop-online"
      data-online={String(online)}
    >
      <span className="shop-dot" aria-hidden="true" />
      <span className={visible ? 'shop-online-word' : 'visually-hidden'}>{word}</span>
    </span>
  );
}
