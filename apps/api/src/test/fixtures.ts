/** Request bodies that several test files send: one copy of each, so that they cannot drift apart. */

/** A complete card configuration (PUT /api/card-config). */
export const cardConfigInput = {
  isEnabled: true,
  sectionTitle: 'La carte de la Bande',
  sectionDescription: 'Des tarifs doux pour toute la saison.',
  buttonText: 'Je la veux',
  modalTitle: 'Votre carte',
  modalDescription: 'Nous vous recontactons sous 48 h.',
  modalButtonText: 'Envoyer',
};

/** Every legal detail filled in (PUT /api/legal). */
export const legalDetailsInput = {
  publisherName: 'Les Liseurs de Loire',
  publisherAddress: '3 quai Paul Bert, 37100 Tours',
  publicationDirector: 'Marc Dupré, président',
  publisherContact: 'bureau@liseurs.example',
  hostName: 'Hébergeur Exemple SARL',
  hostAddress: '10 avenue du Nuage, 75011 Paris',
  hostPhone: '01 23 45 67 89',
};

/** A published, featured show with one upcoming and one past performance (POST /api/shows). */
export const bovaryShowInput = {
  name: 'Madame Bovary',
  type: 'Grand format',
  year: '2026',
  pitch: 'Emma rêve d’une autre vie, entre bals et romans.',
  note: 'Note de mise en scène',
  published: true,
  isFeatured: true,
  performances: [
    { date: '2026-03-20T20:30:00+01:00', address: '8 rue du Théâtre, 37000 Tours', venueName: 'Théâtre Olympia', bookingLink: 'https://billets.example/bovary' },
    { date: '2026-01-10T20:30:00+01:00', address: '1 place du Marché, 37000 Tours', venueName: 'Salle passée', bookingLink: '' },
  ],
};
