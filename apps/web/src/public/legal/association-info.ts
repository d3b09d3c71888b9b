/**
 * The association's legal form, named by the legal page beside the publisher. The association's name,
 * address, e-mail and phone are the staff's to change (« Textes du site », GET /api/site-content), and
 * the publisher's other details are in « Informations légales » (GET /api/legal).
 */
export const LEGAL_FORM = 'Association loi 1901';
