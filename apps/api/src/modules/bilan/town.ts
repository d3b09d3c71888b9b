/**
 * The town of a performance, read from its address (venues and performances keep one free-text address,
 * no town column): the words after a French postcode (« 12 rue Haute, 37000 Tours » → « Tours »), else
 * the address's last comma-separated part when it holds no digit, else null.
 */
export function townOf(address: string): string | null {
  const postcode = /\b\d{5}\s+([^,\n\d][^,\n]*)/.exec(address);
  if (postcode) return tidy(postcode[1]!);
  const last = address.split(/[,\n]/).map((part) => part.trim()).filter(Boolean).at(-1);
  return last && !/\d/.test(last) ? tidy(last) : null;
}

const tidy = (town: string) => town.trim().split(/\s/).filter(Boolean).join(' ').replace(/ cedex\b.*$/i, '');
