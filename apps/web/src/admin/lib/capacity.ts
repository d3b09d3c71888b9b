/**
 * A capacity field (« Places », « Capacité par défaut ») as the body's number: empty is null (no
 * reservations on the site); any other text a number, NaN or fractional ones included, for the shared
 * schema to refuse with its own French message.
 */
export function capacityOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}
