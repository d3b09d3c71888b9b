/** The part of mjml (5.x, ships no types) the campaign mails use: MJML markup in, mail-safe HTML out. */
declare module 'mjml' {
  interface MjmlResult {
    html: string;
    errors: { formattedMessage: string }[];
  }
  export default function mjml2html(mjml: string, options?: { validationLevel?: 'strict' | 'soft' | 'skip'; minify?: boolean; keepComments?: boolean; fonts?: Record<string, string> }): Promise<MjmlResult>;
}
