/** The gallery, the 'Origines' timeline, the subscriber-card section and the legal details of the demo troupe. */

export interface DemoGalleryItem {
  type: 'photo' | 'video' | 'youtube';
  /** A seed-assets file name, or an external link for YouTube. */
  file: string;
  /** A seed-assets file name. The YouTube item has its own too: the page asks nothing of YouTube before play. */
  thumbnail: string | null;
  title: string;
  description: string;
  published: boolean;
}

/** Any plausible id: the demo links to no real recording of the (fictional) troupe. */
const YOUTUBE_ID = 'q3VbLe8nTgA';

export const demoGallery: DemoGalleryItem[] = [
  { type: 'photo', file: 'gallery-lecture-a-trois-voix.jpg', thumbnail: null, title: 'Lecture à trois voix', description: 'Boule de suif au Théâtre municipal Le Manège, à Chinon.', published: true },
  { type: 'photo', file: 'gallery-les-saluts.jpg', thumbnail: null, title: 'Les saluts', description: 'Toute la bande sur le plateau, un soir de salle comble à Vouvray.', published: true },
  {
    type: 'youtube',
    file: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
    thumbnail: 'youtube-les-voix-de-la-bande.jpg',
    title: 'Les Voix de la Bande',
    description: 'Un extrait de notre émission mensuelle, enregistrée en public pour Radio Bouche à Oreille.',
    published: true,
  },
  { type: 'photo', file: 'gallery-violoncelle-et-voix.jpg', thumbnail: null, title: 'Violoncelle et voix', description: "Sophie et Bastien cherchent ensemble le tempo d'une scène.", published: true },
  { type: 'video', file: 'video-lever-de-rideau.webm', thumbnail: 'video-lever-de-rideau.jpg', title: 'Lever de rideau', description: 'Les quelques secondes que nous préférons : juste avant la première phrase.', published: true },
  { type: 'photo', file: 'gallery-brigade-au-cafe.jpg', thumbnail: null, title: 'La Brigade au café', description: "La Brigade de mots à L'Encre et la Tasse, un samedi matin.", published: true },
  { type: 'photo', file: 'gallery-repetition-mediatheque.jpg', thumbnail: null, title: 'Répétition à la médiathèque', description: 'Première lecture à la table de La Mare au diable, entre les rayonnages.', published: true },
  { type: 'photo', file: 'gallery-atelier-amateurs.jpg', thumbnail: null, title: 'Atelier amateurs', description: "Troisième samedi de l'atelier de lecture à voix haute pour adultes.", published: true },
  { type: 'photo', file: 'gallery-la-servante.jpg', thumbnail: null, title: 'La servante', description: 'La lampe qui veille sur le plateau vide, quand tout le monde est parti.', published: true },
  { type: 'photo', file: 'gallery-lecture-en-plein-air.jpg', thumbnail: null, title: 'Lecture en plein air', description: "Une soirée d'été sous les guirlandes, à l'essai pour la saison prochaine.", published: false },
];

export interface DemoOriginCategory {
  title: string;
  description: string;
  events: { title: string; date: string; description: string; published: boolean }[];
}

export const demoOrigins: DemoOriginCategory[] = [
  {
    title: 'Les premières pages',
    description: "Comment une poignée d'amis qui lisaient à voix haute sont devenus une troupe.",
    events: [
      { date: '2012', title: 'Une lecture entre amis', description: "Claire, Bastien et Hélène lisent Maupassant dans l'arrière-boutique d'une librairie de Tours, devant vingt-deux personnes et un chat. Personne ne veut rentrer.", published: true },
      { date: '2012-10', title: "Naissance de l'association", description: "La Bande à Lire est déclarée en préfecture. Son objet tient en une phrase : faire entendre les textes partout où l'on peut s'asseoir.", published: true },
      { date: '2013-03-21', title: 'Première lecture publique', description: 'Pour le Printemps des poètes, la Médiathèque des Tilleuls nous confie sa salle de lecture : quarante chaises, toutes occupées.', published: true },
      { date: '2014-06', title: 'La première Lecture de poche', description: 'Un livre, deux voix, aucun décor : le format qui nous emmène dans les écoles, les hôpitaux et les maisons de retraite est né.', published: true },
    ],
  },
  {
    title: 'La troupe grandit',
    description: "Des musiciens, une régie, des formats nouveaux : la Bande prend de l'ampleur.",
    events: [
      { date: '2015-09', title: 'Un violoncelle dans la bande', description: 'Sophie Lefort rejoint la troupe ; la musique ne quittera plus nos spectacles.', published: true },
      { date: '2016-11-18', title: 'Premier Grand format', description: "Julien Marchetti met en scène notre premier spectacle d'une heure et demie au Théâtre municipal Le Manège. Trois représentations, trois salles pleines.", published: true },
      { date: '2017', title: 'Les ateliers amateurs', description: 'Trois samedis pour apprendre à lire à voix haute : les ateliers pour adultes affichent complet dès la première saison.', published: true },
      { date: '2019-04', title: 'La Brigade de mots', description: 'Premières irruptions dans les cafés et sur les marchés : des textes courts, lus sans prévenir, pour le plaisir de la rencontre.', published: true },
    ],
  },
  {
    title: "Aujourd'hui et demain",
    description: 'Ce que nous avons appris, et ce que nous préparons.',
    events: [
      { date: '2020-04', title: 'Lectures au bout du fil', description: 'Pendant le confinement, la troupe appelle les lecteurs de la médiathèque pour leur lire une nouvelle au téléphone : plus de trois cents appels en six semaines.', published: true },
      { date: '2021-10', title: 'Les Voix de la Bande', description: 'Radio Bouche à Oreille diffuse chaque mois une de nos lectures, enregistrée en public. Notre émission est née.', published: true },
      { date: '2023-05-13', title: 'La centième', description: 'Centième représentation, à la salle des fêtes de Vouvray, avec un gâteau en forme de livre ouvert.', published: true },
      { date: '2026', title: 'Une tournée des villages', description: 'Projet en cours : emmener la Lecture de poche dans vingt villages de Touraine, avec le soutien de la Fondation Pages Ouvertes.', published: false },
    ],
  },
];

export const demoCardConfig = {
  isEnabled: true,
  sectionTitle: 'La carte de la Bande',
  sectionDescription: 'Pour 15 € la saison, la carte de la Bande vous donne le tarif réduit à tous nos spectacles, une place offerte à la personne de votre choix et nos invitations aux répétitions publiques.',
  buttonText: 'Demander ma carte',
  modalTitle: 'Demander la carte de la Bande',
  modalDescription: 'Laissez-nous vos coordonnées : nous vous rappelons pour le règlement et votre carte vous attend à votre prochain spectacle.',
  modalButtonText: 'Envoyer ma demande',
};

/**
 * The legal page's publisher (invented, as the contact page's details) and host (a real-looking hosting
 * company): a fresh demo shows a complete legal page, and staff replace them in the backoffice.
 */
export const demoLegalSettings = {
  publisherName: 'La Bande à Lire',
  publisherAddress: 'Maison des associations, 8 rue du Théâtre, 37000 Tours',
  publicationDirector: "Claire Vasseur, présidente de l'association",
  publisherContact: 'contact@labandealire.fr',
  hostName: 'OVH SAS',
  hostAddress: '2 rue Kellermann, 59100 Roubaix',
  hostPhone: '1007',
};
