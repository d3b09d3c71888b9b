import { describe, expect, it } from 'vitest';
import { campaignTexts } from './schemas/campaigns.ts';
import { texts } from './texts.ts';

/** Counted texts take the singular for 1 (issue 34: « 15 minute(s) », « 1 abonnés »). */
describe('counted texts', () => {
  it('the lockout says « 1 minute » and « 15 minutes », never « minute(s) »', () => {
    expect(texts.api.accountLockedMinutes(1)).toContain('dans 1 minute ou');
    expect(texts.api.accountLockedMinutes(15)).toContain('dans 15 minutes ou');
    expect(texts.api.accountLockedMinutes(15)).not.toContain('(s)');
  });

  it('« Renvoyer aux échecs » asks with the count, singular for 1, a narrow no-break space before « ? »', () => {
    expect(campaignTexts.retryQuestion(1)).toBe('Renvoyer à 1 adresse en échec temporaire\u202f?');
    expect(campaignTexts.retryQuestion(3)).toBe('Renvoyer à 3 adresses en échec temporaire\u202f?');
    expect(campaignTexts.retryAction(1)).toBe('Renvoyer à 1 adresse');
    expect(campaignTexts.retryAction(3)).toBe('Renvoyer à 3 adresses');
  });
});
