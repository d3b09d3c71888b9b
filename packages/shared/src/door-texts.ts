// The door's limits and answers (issue 32), in a module of their own without zod: the backoffice's queue
// of check-ins tapped offline (door-client.ts) reads them on every backoffice page, and importing them
// from schemas/reservations.ts brought zod and the reservation schemas into the dashboard's first load.
// schemas/reservations.ts uses and re-exports them.

/** Most people one « Ajouter à l’entrée » records (a school class, a family). */
export const WALK_IN_MAX_SEATS = 100;

/** The door's answers (issue 32): tap times, people arrived, walk-ins. */
export const doorApiTexts = {
  tappedAtInvalid: 'L’heure du pointage n’est pas une date valide.',
  tappedAtFuture: 'L’heure du pointage est dans le futur : vérifiez l’heure du téléphone.',
  tappedAtTooEarly: 'L’heure du pointage est antérieure au jour de la représentation : vérifiez l’heure du téléphone.',
  arrivedSeatsNotNumber: 'Le nombre de personnes arrivées doit être un nombre entier d’au moins 1.',
  arrivedSeatsInvalid: (booked: number) => `Le nombre de personnes arrivées doit être compris entre 1 et ${booked}.`,
  walkInSeatsInvalid: `Le nombre de personnes doit être compris entre 1 et ${WALK_IN_MAX_SEATS}.`,
  walkInNotOpen: 'Cette représentation ne prend pas de réservations sur le site : rien n’est compté à l’entrée.',
  walkInNonceInvalid: 'Identifiant d’entrée invalide.',
} as const;
