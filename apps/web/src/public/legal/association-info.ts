/**
 * The association's public details, shown by the contact page and the site's structured data. They are
 * the demo's (fictional) details: the association replaces them here, in one place, before going live.
 * The legal page reads the publisher's and the host's details from the database instead (GET /api/legal,
 * filled in the backoffice's 'Informations légales' tab); only `legalForm` is read from here.
 */
export const ASSOCIATION = {
  name: 'La Bande à Lire',
  legalForm: 'Association loi 1901',
  rna: 'W372012345',
  address: ['Maison des associations', '8 rue du Théâtre', '37000 Tours'],
  email: 'contact@labandealire.fr',
  phone: '01 99 00 12 34',
  phoneHref: '+33199001234',
  publicationDirector: "Claire Vasseur, présidente de l'association",
  /** Working days within which a message gets an answer. */
  responseDays: 5,
} as const;
