import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { submitErrorMessage } from './validation.ts';

describe('public form helpers', () => {
  it("prefer the server's message, then the form's failure text, then the exception text", () => {
    expect(submitErrorMessage(new ApiError('x', 409, { error: 'Déjà inscrit' }), 'Échec', 'Exception')).toBe('Déjà inscrit');
    expect(submitErrorMessage(new ApiError('x', 500, {}), 'Échec', 'Exception')).toBe('Échec');
    expect(submitErrorMessage(new TypeError('Failed to fetch'), 'Échec', 'Exception')).toBe('Exception');
  });
});
