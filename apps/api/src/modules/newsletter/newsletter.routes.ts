import { errorResponseSchema, messageResponseSchema, newsletterInputSchema, texts } from '@bande/shared';
import type { App, AppDeps } from '../../app.ts';
import { publicFormRateLimit } from '../contact/public-form-rate-limit.ts';
import { newsletterRepository } from './newsletter.repository.ts';

export async function newsletterRoutes(app: App, { db, clock }: AppDeps): Promise<void> {
  app.post(
    '/api/newsletter/subscribe',
    {
      config: publicFormRateLimit(),
      schema: {
        tags: ['newsletter'],
        summary: "Inscription à la newsletter (une adresse déjà inscrite est un succès)",
        body: newsletterInputSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      // The same answer whether the address is new or already there, so that nobody can use this
      // form to learn who is subscribed.
      await newsletterRepository.subscribe(db, request.body.email.toLowerCase(), clock.now().toISOString());
      return { message: texts.success.newsletterSubscribed };
    },
  );
}
