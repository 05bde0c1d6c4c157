// Two register keys may not share a name a person would read as the same: "POS A", "pos a", "ＰＯＳ Ａ" (full
// width) and "POS Α" (a Greek capital alpha) are one name. A name is compared by its NFKC form, case-folded, with
// the Greek and Cyrillic letters that look like Latin ones read as those (UTS #39's confusables, for the letters a
// keyboard layout puts within reach). It is only compared so: the name is kept and shown as the admin typed it.

const LOOK_LATIN: Readonly<Record<string, string>> = {
  // Greek, lower case (their capitals are folded to these first): Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ look Latin.
  α: 'a',
  β: 'b',
  ε: 'e',
  ζ: 'z',
  η: 'h',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'n',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'y',
  χ: 'x',
  // Cyrillic: А В Е К М Н О Р С Т У Х and і ј ѕ.
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
};

/** The form two names are compared in: equal forms are the same name. */
export function keyNameForm(name: string): string {
  // Upper then lower case is JavaScript's nearest to full case folding (ß → SS → ss, ﬁ → FI → fi).
  const folded = name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
  return [...folded].map((letter) => LOOK_LATIN[letter] ?? letter).join('');
}
