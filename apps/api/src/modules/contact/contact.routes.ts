import {
  cardRequestInputSchema,
  contactInputSchema,
  errorResponseSchema,
  isHoneypotFilled,
  messageResponseSchema,
  texts,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { cardRequestMail, contactMail, notifyStaff } from './contact.mails.ts';
import { contactRepository } from './contact.repository.ts';
import { publicFormRateLimit } from './public-form-rate-limit.ts';
import { access } from '../../plugins/access-control.ts';
import { associationName } from '../site-content/site-content.repository.ts';

const responses = { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema };

/** Public forms that reach the association: stored first, then mailed to CONTACT_EMAIL. */
export async function contactRoutes(app: App, { db, clock, config, mailer }: AppDeps): Promise<void> {
  app.post(
    '/api/contact/send',
    {
      config: { ...publicFormRateLimit(), access: access.public },
      schema: { tags: ['contact'], summary: 'Message du formulaire de contact', body: contactInputSchema, response: responses },
    },
    async (request) => {
      // A robot that filled the hidden field gets the same answer; nothing is stored or mailed.
      const { website, ...input } = request.body;
      if (isHoneypotFilled({ website })) return { message: texts.success.contactSent };
      await contactRepository.insertMessage(db, { ...input, createdAt: clock.now().toISOString() });
      await notifyStaff(mailer, request.log, contactMail(config.contactEmail, input, await associationName(db)));
      return { message: texts.success.contactSent };
    },
  );

  app.post(
    '/api/contact/request-card',
    {
      config: { ...publicFormRateLimit(), access: access.public },
      schema: { tags: ['contact'], summary: "Demande de carte d'abonné", body: cardRequestInputSchema, response: responses },
    },
    async (request) => {
      const { website, ...input } = request.body;
      if (isHoneypotFilled({ website })) return { message: texts.success.cardRequestSent };
      await contactRepository.insertCardRequest(db, { ...input, createdAt: clock.now().toISOString() });
      await notifyStaff(mailer, request.log, cardRequestMail(config.contactEmail, input, await associationName(db)));
      return { message: texts.success.cardRequestSent };
    },
  );
}
