import { describe, expect, it } from 'vitest';
import { originCategoryInputSchema, texts } from '@bande/shared';
import { formSchemaFrom } from './form-schema.ts';

interface Values {
  title: string;
  file: string;
}

const schema = formSchemaFrom(
  originCategoryInputSchema,
  ({ title }: Values) => ({ title: title.toUpperCase() }),
  ({ file, title }: Values) => ({ ...(file ? {} : { file: 'Veuillez choisir un fichier' }), ...(title === 'doublon' ? { title: 'Titre déjà pris' } : {}) }),
);

const messages = (values: Values) => {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('formSchemaFrom', () => {
  it('checks the body the values make, and gives out the shared schema’s output', () => {
    expect(schema.parse({ title: '  les débuts ', file: 'x' })).toEqual({ title: 'LES DÉBUTS', description: null });
  });

  it('says the shared schema’s messages and the form’s own together, the form’s first on the same field', () => {
    expect(messages({ title: '', file: '' })).toEqual([
      ['file', 'Veuillez choisir un fichier'],
      ['title', texts.validation.required],
    ]);
    expect(messages({ title: 'doublon', file: 'x' })).toEqual([['title', 'Titre déjà pris']]);
  });
});
