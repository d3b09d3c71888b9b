import { z } from '../zod.ts';
import { frenchTypography } from '../format/french-typography.ts';

/**
 * Bounces reported by the mail relays after the send (issue 34, apps/api/src/modules/bounces). The
 * payloads are the relays' documented ones; only the fields read are declared, the others are let
 * through (a relay may add fields at any time, as Amazon SES says it will).
 */
export const bounceTexts = {
  notConfigured: frenchTypography('La réception des rebonds n’est pas configurée sur ce serveur (voir docs/deploy.md).'),
  unauthorized: frenchTypography('Identifiants du relais absents ou incorrects : événement refusé.'),
  snsCertUrl: frenchTypography('Adresse du certificat Amazon SNS refusée : seule une adresse https://sns.<région>.amazonaws.com/…pem est acceptée.'),
  snsCertUnavailable: frenchTypography('Certificat Amazon SNS illisible ou injoignable : message refusé.'),
  snsSignature: frenchTypography('Signature Amazon SNS invalide : message refusé.'),
  snsTopic: frenchTypography('Ce sujet Amazon SNS n’est pas autorisé sur ce serveur (BOUNCE_SES_TOPIC_ARNS).'),
  snsSubscribeUrl: frenchTypography('Adresse de confirmation Amazon SNS refusée : seule une adresse https://sns.<région>.amazonaws.com/ est acceptée.'),
  snsSubscribeFailed: frenchTypography('La confirmation de l’abonnement Amazon SNS a échoué : réessayez depuis la console AWS.'),
  snsSubscribed: 'Abonnement Amazon SNS confirmé.',
  invalidJson: frenchTypography('Message illisible : du JSON est attendu.'),
  invalidSesMessage: frenchTypography('Notification Amazon SES illisible : du JSON est attendu dans « Message ».'),
  received: (events: number) => (events === 1 ? '1 événement traité.' : `${events} événements traités.`),
} as const;

/** Most events a single call may carry (Brevo's and Mailjet's grouped sends); a longer list is refused. */
export const BOUNCE_BATCH_MAX = 1000;

const text = (max: number) => z.string({ error: 'Ce champ doit être un texte' }).max(max, `Ce texte dépasse ${max} caractères`);
const address = text(320).trim().min(3, 'Adresse email manquante');
const batch = <T extends z.ZodType>(event: T) => z.union([event, z.array(event).min(1, 'Aucun événement').max(BOUNCE_BATCH_MAX, `Au plus ${BOUNCE_BATCH_MAX} événements par appel`)]);

/** Brevo's transactional webhook (developers.brevo.com/docs/transactional-webhooks): one event, or a list when batched. */
export const brevoEventSchema = z.looseObject({
  event: text(60),
  email: address,
  'message-id': text(1000).optional(),
  ts_event: z.number().optional(),
  reason: text(2000).optional(),
});
export const brevoPayloadSchema = batch(brevoEventSchema);
export type BrevoEvent = z.infer<typeof brevoEventSchema>;

/** Mailjet's event API (dev.mailjet.com/email/guides/webhooks): one event, or a list when grouped. */
export const mailjetEventSchema = z.looseObject({
  event: text(60),
  email: address,
  time: z.number().optional(),
  MessageID: z.union([z.number(), z.string().max(100)]).optional(),
  Message_GUID: text(100).optional(),
  CustomID: text(255).optional(),
  hard_bounce: z.boolean().optional(),
  blocked: z.boolean().optional(),
  error_related_to: text(100).optional(),
  error: text(2000).optional(),
  comment: text(2000).optional(),
});
export const mailjetPayloadSchema = batch(mailjetEventSchema);
export type MailjetEvent = z.infer<typeof mailjetEventSchema>;

/**
 * An Amazon SNS message as posted to an HTTPS subscription (docs.aws.amazon.com/sns/latest/dg/http-notification-json.html
 * and sns-verify-signature-of-message.html): the fields its signature covers, and how to check it.
 */
export const snsEnvelopeSchema = z.looseObject({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'], { error: 'Type de message Amazon SNS inconnu' }),
  MessageId: text(200),
  TopicArn: text(300),
  Message: text(256 * 1024),
  Timestamp: text(40),
  SignatureVersion: z.enum(['1', '2'], { error: 'Version de signature Amazon SNS inconnue' }),
  Signature: text(2000),
  SigningCertURL: text(1000),
  Subject: text(200).optional(),
  SubscribeURL: text(2000).optional(),
  Token: text(2000).optional(),
});
export type SnsEnvelope = z.infer<typeof snsEnvelopeSchema>;

const sesRecipient = z.looseObject({ emailAddress: address, status: text(40).optional(), diagnosticCode: text(2000).optional() });

/** The SES notification inside an SNS message (docs.aws.amazon.com/ses/latest/dg/notification-contents.html). */
export const sesNotificationSchema = z.looseObject({
  // notificationType for notifications, eventType for event publishing: both say Bounce, Complaint...
  notificationType: text(40).optional(),
  eventType: text(40).optional(),
  mail: z.looseObject({
    messageId: text(200),
    timestamp: text(40).optional(),
    headers: z.array(z.looseObject({ name: text(200), value: text(2000) })).optional(),
    commonHeaders: z.looseObject({ messageId: text(1000).optional() }).optional(),
  }),
  bounce: z
    .looseObject({
      bounceType: text(40),
      bounceSubType: text(60).optional(),
      bouncedRecipients: z.array(sesRecipient).max(BOUNCE_BATCH_MAX),
      timestamp: text(40).optional(),
    })
    .optional(),
  complaint: z
    .looseObject({
      complainedRecipients: z.array(z.looseObject({ emailAddress: address })).max(BOUNCE_BATCH_MAX),
      complaintFeedbackType: text(60).optional(),
      timestamp: text(40).optional(),
    })
    .optional(),
});
export type SesNotification = z.infer<typeof sesNotificationSchema>;
