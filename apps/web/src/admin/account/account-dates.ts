const parisDateTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });

/** A moment as the staff read it: Paris time, short. */
export const formatDateTime = (iso: string) => parisDateTime.format(new Date(iso));
