// The one door every text passes on its way to the printer (escpos-commands.ts `line`, and the layout's column
// count): a text is words, never commands. ESC p in a refund reason would open the cash drawer as the slip
// prints, an LF would forge a line on a Z report; merchant names, staff names, shift notes, register key names and
// whatever a provider answers all come this way, checked at their schemas or not.

/**
 * Every control character (C0, DEL, C1: Unicode's Cc) becomes a space, and so does every space of another width
 * (Intl puts no-break and thin spaces in dates and amounts; no receipt code page has them).
 *
 * Replaced rather than dropped: "broken\nscreen" reads "broken screen", not "brokenscreen"; a space shows that
 * something stood there; and each control still takes the one column a space takes, so a line measured with this
 * text is the line printed. Only spaces are added, and a space is no command in ASCII, Big5 or GB18030.
 */
export function paperText(text: string): string {
  return text.replace(/[\p{Cc}\p{Zs}]/gu, ' ');
}
