/**
 * The association's public details, shown by the contact and legal pages. They are the demo's
 * (fictional) details: the association replaces them here, in one place, before going live.
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
