import type { BrevoEvent, MailjetEvent, SesNotification } from '@bande/shared';
import type { BounceKind } from '../../db/schema.ts';
import type { BounceReport } from './bounces.service.ts';

/*
 * Each relay's documented events, read into reports. Events that say nothing about the address
 * (sent, delivered, opened, deferred...) are left out: the caller answers 200 all the same, or the
 * relay would retry them.
 */

const fromSeconds = (seconds: number | undefined) => (seconds === undefined ? undefined : new Date(seconds * 1000));
const fromIso = (iso: string | undefined) => (iso === undefined ? undefined : new Date(iso));

/**
 * Brevo (developers.brevo.com/docs/transactional-webhooks): hard_bounce, soft_bounce; `blocked` is a
 * send Brevo itself refused because the address is on its blocklist (an earlier hard bounce, an
 * unsubscription, a complaint): refused for good as well. `spam` is a complaint; `unsubscribed` the
 * relay's own unsubscribe link.
 */
const BREVO: Record<string, BounceKind> = { hard_bounce: 'hard', soft_bounce: 'soft', blocked: 'hard', spam: 'complaint', unsubscribed: 'unsubscribe' };

export function brevoReports(events: BrevoEvent[]): BounceReport[] {
  return events.flatMap((event) => {
    const kind = BREVO[event.event];
    if (!kind) return [];
    const messageId = event['message-id'];
    return [{ source: 'brevo', email: event.email, kind, messageKey: messageId ?? `ts:${event.ts_event ?? ''}`, messageId, detail: event.reason, occurredAt: fromSeconds(event.ts_event) }];
  });
}

/**
 * Mailjet (dev.mailjet.com/email/guides/webhooks): `bounce` with hard_bounce true or false; `blocked`
 * counts only when Mailjet relates it to the recipient (error_related_to « recipient »: an address it
 * knows dead): a block for the content, the domain or Mailjet's own reasons says nothing of the
 * address. `spam` is a complaint, `unsub` the relay's unsubscribe link. Mailjet does not give the
 * Message-ID back; CustomID does (X-MJ-CustomID), when the copy carried one.
 */
function mailjetKind(event: MailjetEvent): BounceKind | undefined {
  switch (event.event) {
    case 'bounce':
      return event.hard_bounce ? 'hard' : 'soft';
    case 'blocked':
      return event.error_related_to === 'recipient' ? 'hard' : undefined;
    case 'spam':
      return 'complaint';
    case 'unsub':
      return 'unsubscribe';
    default:
      return undefined;
  }
}

export function mailjetReports(events: MailjetEvent[]): BounceReport[] {
  return events.flatMap((event) => {
    const kind = mailjetKind(event);
    if (!kind) return [];
    const detail = [event.error_related_to, event.error, event.comment].filter(Boolean).join(' : ') || undefined;
    const messageKey = event.Message_GUID ?? (event.MessageID !== undefined ? String(event.MessageID) : `ts:${event.time ?? ''}`);
    return [{ source: 'mailjet', email: event.email, kind, messageKey, messageId: event.CustomID, detail, occurredAt: fromSeconds(event.time) }];
  });
}

/** The copy's own Message-ID header: in mail.headers when SES was told to include them, else commonHeaders. */
function originalMessageId(mail: SesNotification['mail']): string | undefined {
  return mail.headers?.find((header) => header.name.toLowerCase() === 'message-id')?.value ?? mail.commonHeaders?.messageId;
}

/**
 * Amazon SES (docs.aws.amazon.com/ses/latest/dg/notification-contents.html): a Bounce is Permanent
 * (hard), Transient or Undetermined (counted as soft); a Complaint, unless its feedback type says
 * « not-spam ». Delivery notifications are left out.
 */
export function sesReports(notification: SesNotification): BounceReport[] {
  const type = notification.notificationType ?? notification.eventType;
  const messageKey = notification.mail.messageId;
  const messageId = originalMessageId(notification.mail);
  if (type === 'Bounce' && notification.bounce) {
    const { bounce } = notification;
    const kind: BounceKind = bounce.bounceType === 'Permanent' ? 'hard' : 'soft';
    return bounce.bouncedRecipients.map((recipient) => ({
      source: 'ses' as const,
      email: recipient.emailAddress,
      kind,
      messageKey,
      messageId,
      detail: [recipient.status, recipient.diagnosticCode ?? bounce.bounceSubType].filter(Boolean).join(' ') || undefined,
      occurredAt: fromIso(bounce.timestamp),
    }));
  }
  if (type === 'Complaint' && notification.complaint && notification.complaint.complaintFeedbackType !== 'not-spam') {
    const { complaint } = notification;
    return complaint.complainedRecipients.map((recipient) => ({
      source: 'ses' as const,
      email: recipient.emailAddress,
      kind: 'complaint' as const,
      messageKey,
      messageId,
      detail: complaint.complaintFeedbackType,
      occurredAt: fromIso(complaint.timestamp),
    }));
  }
  return [];
}
