import { campaignTexts } from '@bande/shared';

/** An SMTP error's reply code (nodemailer puts it in responseCode), or null if the server answered none. */
export const replyCode = (err: unknown): number | null => {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : null;
};

/** 5xx: the recipient's server refuses the address for good; never retried, the subscriber is bounced. */
export const isPermanent = (code: number | null): boolean => code !== null && code >= 500 && code < 600;

/** A failure as the staff read it: in French, with the code; the server's own (often English) words are the detail. */
export function failureText(code: number | null): string {
  if (code === null) return campaignTexts.noAnswer;
  return isPermanent(code) ? campaignTexts.refused(code) : campaignTexts.refusedForNow(code);
}

/** The mail server's own words, bounded (they are kept for the staff, not shown alone). */
export const failureDetail = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 500);
