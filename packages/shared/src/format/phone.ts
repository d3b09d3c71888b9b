/**
 * French phone numbers as staff type them (« 01 99 00 12 34 », « +33 1 99 00 12 34 », « 01.99.00.12.34 »):
 * the ten digits of a French number, or +33 / 0033 and the nine digits after the 0.
 */
const FRENCH_PHONE = /^(?:\+33|0033|0)([1-9]\d{8})$/;

/** The number without its separators (spaces, dots, dashes, brackets around the 0). */
const compact = (phone: string) => phone.replace(/[\s.\-()\u00a0\u202f]/g, '');

export const isFrenchPhone = (phone: string): boolean => FRENCH_PHONE.test(compact(phone));

/** The `tel:` target of a French number in its international form ('01 99 00 12 34' -> '+33199001234'); '' if it is not one. */
export function phoneHref(phone: string): string {
  const match = FRENCH_PHONE.exec(compact(phone));
  return match ? `+33${match[1]}` : '';
}
