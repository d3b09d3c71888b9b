import { describe, expect, it } from 'vitest';
import { failureDetail, failureText, isPermanent, replyCode } from './smtp-failure.ts';

describe('SMTP failures as the staff read them', () => {
  it('says each failure in French with its code; only 5xx is permanent', () => {
    expect(failureText(550)).toBe('Adresse refusée par le serveur du destinataire (550)');
    expect(failureText(552)).toBe('Adresse refusée par le serveur du destinataire (552)');
    expect(failureText(451)).toBe('Refus temporaire du serveur du destinataire (451)');
    expect(failureText(null)).toBe('Serveur de mail injoignable (pas de réponse)');
    expect([550, 554, 421, 451, null].map(isPermanent)).toEqual([true, true, false, false, false]);
  });

  it('reads nodemailer’s responseCode, and keeps the server’s words (bounded) as the detail', () => {
    const err = Object.assign(new Error('Can\'t send mail - all recipients were rejected: 550 5.1.1 <x@example.org>: unknown'), { responseCode: 550 });
    expect(replyCode(err)).toBe(550);
    expect(replyCode(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBeNull();
    expect(replyCode(null)).toBeNull();
    expect(failureDetail(err)).toContain('550 5.1.1');
    expect(failureDetail(new Error('x'.repeat(2000)))).toHaveLength(500);
  });
});
