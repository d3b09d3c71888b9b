/**
 * « de » before a name, elided before a vowel or a mute h as French writes it (« Portrait d'Anne-Laure
 * Pichon », « Portrait de Jules Renard »), whatever the name staff typed. The same straight apostrophe as
 * the rest of the site's texts. An « h » is taken as mute (« d'Hélène »): the aspirated ones among first
 * names are rare.
 */
export function deName(name: string): string {
  const trimmed = name.trim();
  return /^[aeiouyhàâäéèêëîïôöûüœæ]/i.test(trimmed) ? `d'${trimmed}` : `de ${trimmed}`;
}
