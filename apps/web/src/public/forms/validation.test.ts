import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN as SHARED_EMAIL_PATTERN } from '@bande/shared/schemas/common';
import { ApiError } from '../../lib/api-client.ts';
import { EMAIL_PATTERN, isEmail, submitErrorMessage } from './validation.ts';

describe('public form helpers', () => {
  it('use the same email pattern as the server', () => {
    expect(EMAIL_PATTERN.source).toBe(SHARED_EMAIL_PATTERN.source);
    expect(isEmail(' lectrice@example.org ')).toBe(true);
    expect(isEmail('lectrice@example')).toBe(false);
  });

  it("prefer the server's message, then the form's failure text, then the exception text", () => {
    expect(submitErrorMessage(new ApiError('x', 409, { error: 'Déjà inscrit' }), 'Échec', 'Exception')).toBe('Déjà inscrit');
    expect(submitErrorMessage(new ApiError('x', 500, {}), 'Échec', 'Exception')).toBe('Échec');
    expect(submitErrorMessage(new TypeError('Failed to fetch'), 'Échec', 'Exception')).toBe('Exception');
  });
});
