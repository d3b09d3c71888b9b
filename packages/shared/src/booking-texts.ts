/**
 * The visitors' side of reservations (issue 23): the booking dialog, the seats left in the
 * performances dialog, and the pages the reservation mails link to. The server's own messages (409s,
 * the answer to a booking) come from the API and are shown as they are. Every text with « : ; ! ? »
 * or « » goes through the site's French typography (no-break spaces), once, here.
 */
import { frenchTypography as t } from './format/french-typography.ts';

const seatsWord = (n: number) => (n === 1 ? '1 place' : `${n} places`);

export const bookingTexts = {
  dialogTitle: 'Réserver vos places',
  seatsLeft: (count: number) => (count === 1 ? '1 place restante' : `${count} places restantes`),
  full: 'Complet',
  closed: 'Réservations closes',
  availabilityLoading: 'Places restantes…',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone (facultatif)',
  seats: 'Nombre de places',
  seatsRange: (max: number) => `Le nombre de places doit être compris entre 1 et ${max}`,
  submit: 'Réserver',
  submitting: 'Réservation en cours…',
  joinWaitingList: 'M’inscrire sur la liste d’attente',
  fullNotice: t('Cette représentation est complète. Inscrivez-vous sur la liste d’attente : si des places se libèrent, nous vous les proposerons par e-mail.'),
  /** More seats asked than are left: « Réserver » is disabled, and this says what to do instead. */
  tooFewNotice: (remaining: number, asked: number) =>
    t(
      `Il ne reste ${remaining === 1 ? 'qu’une place' : `que ${remaining} places`} : choisissez-en ${remaining === 1 ? 'une seule' : `${remaining} au plus`}, ou inscrivez-vous sur la liste d’attente pour ${seatsWord(asked)}.`,
    ),
  /** The waiting list's rule for groups (booking.ts, settlePerformance), said where one joins it. */
  waitingRule: t(
    'Liste d’attente : les places libérées sont proposées dans l’ordre d’inscription, à une demande de plusieurs places dès que ce nombre de places est libre ; en attendant, les demandes plus petites inscrites après elle peuvent passer.',
  ),
  closedNotice: 'Les réservations en ligne sont closes pour cette représentation.',
  mailNote: t('Un e-mail vous sera envoyé : ouvrez son lien pour confirmer votre réservation.'),
  pendingDone: (email: string, holdMinutes?: number, seats = 2) =>
    t(
      `Un e-mail est en route vers ${email}. Ouvrez son lien${holdMinutes ? ` dans les ${holdMinutes} minutes` : ''} pour confirmer ${seats === 1 ? 'votre place : sans confirmation, elle est remise en vente' : 'vos places : sans confirmation, elles sont remises en vente'}.`,
    ),
  waitingDone: (email: string, seats = 2) =>
    t(`Vous êtes sur la liste d’attente. ${seats === 1 ? 'Si une place se libère, un e-mail vous la proposera' : `Dès que ${seats} places sont libres, un e-mail vous les proposera`} à l’adresse ${email}.`),
  /** After a booking: the mail may be lost; sending the same request again mails the reservation's links again (limited per address). */
  noMail: t('Pas d’e-mail au bout de quelques minutes ? Vérifiez le dossier des indésirables, ou demandez un nouvel envoi : s’il y a une réservation pour cette adresse, son lien y sera envoyé à nouveau.'),
  resend: 'Renvoyer l’e-mail',
  resending: 'Envoi…',
  resent: (email: string) => t(`Un nouvel e-mail est en route vers ${email}.`),
  failed: 'Erreur lors de la réservation',
  availabilityFailed: 'Impossible de connaître les places restantes pour le moment.',

  // The pages the mails link to (/reservation/confirmation, /annulation, /liste-attente).
  confirmTitle: 'Confirmation de votre réservation',
  cancelTitle: 'Annulation de votre réservation',
  claimTitle: 'Places proposées sur liste d’attente',
  lookupLoading: 'Recherche de votre réservation…',
  missingToken: t('Ce lien est incomplet : ouvrez-le tel qu’il figure dans l’e-mail, ou copiez-le en entier dans la barre d’adresse.'),
  unknownToken: t('Ce lien n’est pas valide : vérifiez qu’il est complet, ou réservez à nouveau depuis le site.'),
  seatsCount: seatsWord,
  confirmButton: 'Confirmer ma réservation',
  cancelButton: 'Annuler ma réservation',
  leaveButton: 'Quitter la liste d’attente',
  claimButton: 'Prendre ces places',
  confirming: 'Confirmation…',
  cancelling: 'Annulation…',
  claiming: 'Réservation…',
  confirmed: t('Votre réservation est confirmée. Un e-mail de confirmation vous a été envoyé, avec la date à ajouter à votre agenda.'),
  alreadyConfirmed: t('Cette réservation est déjà confirmée. À bientôt !'),
  cancelled: t('Votre réservation est annulée : vos places sont remises en vente.'),
  leftWaitingList: 'Vous avez quitté la liste d’attente.',
  alreadyCancelled: 'Cette réservation a déjà été annulée.',
  expired: t('Ce lien a expiré : la réservation n’a pas été confirmée à temps et les places ont été remises en vente. Vous pouvez réserver à nouveau depuis le site.'),
  // Whether someone else was waiting is not known here: the seats went to other visitors either way.
  offerExpired: t('Le délai pour prendre ces places est passé : elles ont été proposées à d’autres spectateurs.'),
  waitingState: t('Vous êtes sur la liste d’attente : si des places se libèrent, nous vous les proposerons par e-mail.'),
  offerUntil: (when: string, seats = 2) => (seats === 1 ? `Cette place vous est réservée jusqu’au ${when}.` : `Ces places vous sont réservées jusqu’au ${when}.`),
  pendingForCancel: t('Cette réservation n’est pas encore confirmée. Vous pouvez l’annuler ici ; sinon, elle sera annulée d’elle-même faute de confirmation.'),
  offeredForCancel: t('Des places vous sont proposées. Vous pouvez les refuser ici ; elles seront proposées à d’autres spectateurs.'),
  confirmFirst: t('Cette réservation n’est pas une offre de la liste d’attente : confirmez-la depuis le lien de l’e-mail « Confirmez votre réservation ».'),
  notOffered: t('Aucune place ne vous est proposée pour le moment : vous êtes toujours sur la liste d’attente.'),
  notCancellable: 'Cette réservation ne peut plus être annulée en ligne.',
  statusLabels: {
    pending: 'En attente de confirmation',
    confirmed: 'Confirmée',
    waiting: 'Sur liste d’attente',
    offered: 'Places proposées',
    cancelled: 'Annulée',
    expired: 'Expirée',
  },
  summaryLabels: { show: 'Spectacle', date: 'Date', venue: 'Lieu', seats: 'Places', status: 'État' },
  backHome: 'Retour à l’accueil',
  seeShows: 'Voir les spectacles',
} as const;
