/** 'Élodie' → 'elodie': the door's search ignores accents, case and extra spaces. */
export declare function foldName(text: string): string;
/**
 * Whether a party matches what was typed: every word typed starts a word of its first or last name
 * ('du ma' finds Marie Dupont, and so does 'marie dupont' or 'dupont'), or appears inside the full name
 * ('pon' finds Dupont, for a name half heard at the door).
 */
export declare function matchesName(party: {
    firstName: string;
    lastName: string;
}, query: string): boolean;
