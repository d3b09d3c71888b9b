import type { z } from 'zod';
import { texts } from './texts.ts';

/*
 * The product's own French for what a schema does not word itself (a number out of range, a field of
 * the wrong type, an unknown option): zod's messages, even its French locale ('Trop petit : nombre
 * doit être >=1'), never reach a visitor or a volunteer. Schemas that quote the spec keep their own
 * messages; this is the rest, set as zod's locale in ./zod.ts.
 */

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/** What a field was meant to hold, for 'Ce champ doit être …'. */
const EXPECTED: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  int: 'un nombre entier',
  bigint: 'un nombre entier',
  boolean: 'vrai ou faux',
  array: 'une liste',
  object: 'un objet',
  date: 'une date',
  null: 'vide',
};

const plural = (count: number | bigint, word: string) => `${count} ${word}${Number(count) > 1 ? 's' : ''}`;

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const { minimum, inclusive, origin } = issue;
  if (origin === 'string') return Number(minimum) <= 1 ? texts.validation.required : `Ce champ doit contenir au moins ${plural(minimum, 'caractère')}`;
  if (origin === 'array' || origin === 'set') return `Choisissez au moins ${plural(minimum, 'élément')}`;
  if (origin === 'date') return `La date doit être ${inclusive ? 'au plus tôt le' : 'après le'} ${String(minimum)}`;
  return `La valeur doit être ${inclusive ? 'supérieure ou égale à' : 'supérieure à'} ${String(minimum)}`;
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const { maximum, inclusive, origin } = issue;
  if (origin === 'string') return `Ce champ ne doit pas dépasser ${plural(maximum, 'caractère')}`;
  if (origin === 'array' || origin === 'set') return `Pas plus de ${plural(maximum, 'élément')}`;
  if (origin === 'file') return texts.api.bodyTooLarge;
  if (origin === 'date') return `La date doit être ${inclusive ? 'au plus tard le' : 'avant le'} ${String(maximum)}`;
  return `La valeur doit être ${inclusive ? 'inférieure ou égale à' : 'inférieure à'} ${String(maximum)}`;
}

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  switch (issue.format) {
    case 'email':
      return texts.validation.emailInvalid;
    case 'url':
      return texts.validation.urlInvalid;
    case 'date':
    case 'datetime':
    case 'time':
      return 'Date ou heure invalide';
    default:
      return 'Format invalide';
  }
}

function invalidValue(issue: Extract<Issue, { code: 'invalid_value' }>): string {
  const values = issue.values.map((value) => (typeof value === 'string' ? `« ${value} »` : String(value)));
  return values.length === 1 ? `La valeur attendue est ${values[0]}` : `Choisissez une valeur parmi : ${values.join(', ')}`;
}

/** zod's error map (`localeError`): a French message for every kind of issue. */
export function productValidationMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return texts.validation.required;
      return `Ce champ doit être ${EXPECTED[issue.expected] ?? 'une valeur valide'}`;
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'invalid_value':
      return invalidValue(issue);
    case 'not_multiple_of':
      return `La valeur doit être un multiple de ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return issue.keys.length > 1 ? `Champs inconnus : ${issue.keys.join(', ')}` : `Champ inconnu : ${issue.keys.join(', ')}`;
    default:
      // invalid_union, invalid_key, invalid_element, custom without a message.
      return 'Valeur invalide';
  }
}
