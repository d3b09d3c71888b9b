import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_WELCOME_MAIL } from '@bande/shared/welcome-mail';
import { newsletterTexts } from '@bande/shared';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let auth: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp();
  auth = { authorization: `Bearer ${await createAdminToken(ctx)}` };
});
afterAll(() => ctx.close());

async function signUpAndConfirm(email: string) {
  await ctx.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email } });
  const token = /confirmation\?token=([\w-]+)/.exec(ctx.mailer.last()?.text ?? '')?.[1];
  expect(token).toBeDefined();
  return () => ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
}

it('the first confirmation click sends the welcome mail in the default words, a second click nothing more', async () => {
  const click = await signUpAndConfirm('lea@example.org');
  ctx.mailer.sent.length = 0;
  expect((await click()).statusCode).toBe(200);
  expect(ctx.mailer.sent).toHaveLength(1);
  const mail = ctx.mailer.last()!;
  expect(mail).toMatchObject({ to: 'lea@example.org', subject: DEFAULT_WELCOME_MAIL.subject });
  expect(mail.text).toContain(DEFAULT_WELCOME_MAIL.text);
  expect(mail.text).toContain(newsletterTexts.welcomeLeave);
  expect((await click()).statusCode).toBe(200);
  expect(ctx.mailer.sent).toHaveLength(1);
});

it('sends the words kept in « Textes du site », which refuse an empty or too long text in French', async () => {
  const content = (await ctx.app.inject({ method: 'GET', url: '/api/site-content' })).json().data;
  expect(content.welcomeMail).toEqual(DEFAULT_WELCOME_MAIL);
  const tooLong = await ctx.app.inject({ method: 'PUT', url: '/api/site-content', headers: auth, payload: { ...content, welcomeMail: { subject: 'Bienvenue', text: 'x'.repeat(2001) } } });
  expect(tooLong.statusCode).toBe(400);
  expect(tooLong.json().error).toMatch(/caractères|trop long/i);
  const words = { subject: 'Bienvenue dans la Bande', text: 'Merci de nous suivre : la prochaine lecture est le 12 avril.' };
  expect((await ctx.app.inject({ method: 'PUT', url: '/api/site-content', headers: auth, payload: { ...content, welcomeMail: words } })).statusCode).toBe(200);

  const click = await signUpAndConfirm('marc@example.org');
  ctx.mailer.sent.length = 0;
  await click();
  expect(ctx.mailer.last()).toMatchObject({ to: 'marc@example.org', subject: words.subject });
  expect(ctx.mailer.last()!.text).toContain(words.text);
});
