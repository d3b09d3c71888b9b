/**
 * MJML to HTML, for the generator and the frame's test only: the server never loads MJML (letter-frame.ts).
 * `fonts: {}`: MJML would otherwise link Google Fonts for « Roboto » of the stack, a request that tells a
 * third party who opened the letter (no tracking). The stacks fall back to fonts the reader has.
 */
export async function compileFrame(mjml: string): Promise<string> {
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(mjml, { validationLevel: 'soft', fonts: {} });
  if (errors.length) throw new Error(`MJML : ${errors.map((error) => error.formattedMessage).join(' ; ')}`);
  return html;
}
