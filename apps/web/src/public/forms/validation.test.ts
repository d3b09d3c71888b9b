import { describe, expect, it } from 'vitest';
import { emailSchema } from '@bande/shared/schemas/common';
import { ApiError } from '../../lib/api-client.ts';
import { isEmail, submitErrorMessage } from './validation.ts';

describe('public form helpers', () => {
  it('accept exactly the addresses the server accepts', () => {
    for (const address of [' lectrice@example.org ', 'a.b-c@sous.domaine.fr', 'lectrice@example', 'pas une@adresse.fr', '@example.org', 'lectrice@.org', '']) {
      expect(isEmail(address), address).toBe(emailSchema.safeParse(address).success);
    }
    expect(isEmail(' lectrice@example.org ')).toBe(true);
    expect(isEmail('lectrice@example')).toBe(false);
  });

  it("prefer the server's message, then the form's failure text, then the exception text", () => {
    expect(submitErrorMessage(new ApiError('x', 409, { error: 'Déjà inscrit' }), 'Échec', 'Exception')).toBe('Déjà inscrit');
    expect(submitErrorMessage(new ApiError('x', 500, {}), 'Échec', 'Exception')).toBe('Échec');
    expect(submitErrorMessage(new TypeError('Failed to fetch'), 'Échec', 'Exception')).toBe('Exception');
  });
});
