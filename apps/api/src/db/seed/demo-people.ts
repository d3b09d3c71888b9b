/**
 * The people and places of the demo troupe: members, venues and partners. Pictures are file names in
 * apps/api/seed-assets (made by scripts/generate-demo-images.mjs).
 */

export interface DemoMember {
  key: string;
  firstName: string;
  lastName: string;
  role: string;
  note: string;
  photo: string;
  published: boolean;
  /** How long ago the member joined the site, in days. */
  joinedDaysAgo: number;
}

export const demoMembers: DemoMember[] = [
  {
    key: 'claire',
    firstName: 'Claire',
    lastName: 'Vasseur',
    role: 'Comédienne',
    note: "Cofondatrice de la Bande, Claire a grandi entre les rayonnages de la librairie de sa grand-mère. Formée au conservatoire de Tours, elle prête sa voix grave et rieuse aux héroïnes de Maupassant comme aux poèmes de Marceline Desbordes-Valmore.",
    photo: 'member-claire-vasseur.jpg',
    published: true,
    joinedDaysAgo: 900,
  },
  {
    key: 'julien',
    firstName: 'Julien',
    lastName: 'Marchetti',
    role: 'Metteur en scène',
    note: "Julien a longtemps été régisseur avant de passer de l'autre côté du plateau. Il aime les mises en scène sobres : trois pupitres, une lumière juste, et le texte qui fait le reste. Il dirige la plupart des Grands formats de la troupe.",
    photo: 'member-julien-marchetti.jpg',
    published: true,
    joinedDaysAgo: 890,
  },
  {
    key: 'helene',
    firstName: 'Hélène',
    lastName: 'Dufresne',
    role: 'Lectrice',
    note: "Professeure de lettres à la retraite, Hélène lit comme on raconte au coin du feu. Elle anime les Lectures de poche dans les médiathèques et les maisons de retraite, toujours avec un livre de plus dans son sac.",
    photo: 'member-helene-dufresne.jpg',
    published: true,
    joinedDaysAgo: 880,
  },
  {
    key: 'malik',
    firstName: 'Malik',
    lastName: 'Benali',
    role: 'Comédien',
    note: "Passé par l'improvisation et le théâtre de rue, Malik a rejoint la Bande en 2016. Il est l'âme de la Brigade de mots : surgir dans un café, lire trois minutes, repartir en laissant un sourire.",
    photo: 'member-malik-benali.jpg',
    published: true,
    joinedDaysAgo: 700,
  },
  {
    key: 'sophie',
    firstName: 'Sophie',
    lastName: 'Lefort',
    role: 'Musicienne',
    note: "Violoncelliste, Sophie compose les ambiances sonores de nos spectacles. Elle a appris à jouer sous le texte, jamais par-dessus : un souffle d'archet pour une tempête, un pizzicato pour un silence.",
    photo: 'member-sophie-lefort.jpg',
    published: true,
    joinedDaysAgo: 760,
  },
  {
    key: 'thomas',
    firstName: 'Thomas',
    lastName: 'Ricard',
    role: 'Régisseur',
    note: "Thomas installe, câble, règle et démonte, souvent avant tout le monde et après tout le monde. Sa fierté : avoir changé une salle des fêtes en théâtre en moins d'une heure, avec six projecteurs et un escabeau.",
    photo: 'member-thomas-ricard.jpg',
    published: true,
    joinedDaysAgo: 640,
  },
  {
    key: 'anne-laure',
    firstName: 'Anne-Laure',
    lastName: 'Pichon',
    role: 'Comédienne',
    note: "Anne-Laure a découvert la lecture à voix haute dans un atelier amateur de la Bande, en 2017, et n'est jamais repartie. Elle aime les textes drôles et cruels, et les personnages qu'on croit connaître.",
    photo: 'member-anne-laure-pichon.jpg',
    published: true,
    joinedDaysAgo: 520,
  },
  {
    key: 'bastien',
    firstName: 'Bastien',
    lastName: 'Morel',
    role: 'Lecteur',
    note: "Libraire le jour, lecteur le soir, Bastien choisit souvent les textes que la troupe finit par jouer. Sa spécialité : les nouvelles du XIXe siècle et les auteurs qu'on n'a pas relus depuis le lycée.",
    photo: 'member-bastien-morel.jpg',
    published: true,
    joinedDaysAgo: 870,
  },
  {
    key: 'nadia',
    firstName: 'Nadia',
    lastName: 'Chevalier',
    role: 'Metteuse en scène',
    note: "Nadia adapte les romans pour la scène : couper sans trahir, garder la voix de l'auteur et trouver celle des lecteurs. Elle signe les adaptations de la troupe et met en scène les Pépites.",
    photo: 'member-nadia-chevalier.jpg',
    published: true,
    joinedDaysAgo: 450,
  },
  {
    key: 'paul',
    firstName: 'Paul',
    lastName: 'Girardin',
    role: 'Musicien',
    note: "Accordéoniste, Paul accompagne la Brigade de mots depuis le printemps. Sa fiche attend encore sa biographie : il tient à l'écrire en alexandrins.",
    photo: 'member-paul-girardin.jpg',
    published: false,
    joinedDaysAgo: 40,
  },
];

export interface DemoVenue {
  key: string;
  name: string;
  address: string;
}

export const demoVenues: DemoVenue[] = [
  { key: 'mediatheque', name: 'Médiathèque des Tilleuls', address: '12 rue des Tanneurs, 37400 Amboise' },
  { key: 'theatre', name: 'Théâtre municipal Le Manège', address: '5 place de la Mairie, 37500 Chinon' },
  { key: 'cafe', name: "Café-librairie L'Encre et la Tasse", address: '8 rue Colbert, 37000 Tours' },
  { key: 'salle', name: 'Salle des fêtes de Vouvray', address: '1 allée des Écoles, 37210 Vouvray' },
];

export interface DemoPartner {
  title: string;
  description: string;
  logo: string;
  link: string | null;
  published: boolean;
}

export const demoPartners: DemoPartner[] = [
  {
    title: 'Médiathèque des Tilleuls',
    description: "Notre maison depuis les débuts : la médiathèque d'Amboise nous ouvre sa salle de lecture pour les répétitions et accueille chaque saison nos Lectures de poche.",
    logo: 'partner-mediatheque-des-tilleuls.png',
    link: 'https://example.org/mediatheque-des-tilleuls',
    published: true,
  },
  {
    title: "L'Encre et la Tasse",
    description: 'Café-librairie au cœur de Tours et complice de la Brigade de mots : on y lit entre deux cafés, et on y trouve toujours les livres de nos spectacles.',
    logo: 'partner-encre-et-la-tasse.png',
    link: 'https://example.org/encre-et-la-tasse',
    published: true,
  },
  {
    title: 'Radio Bouche à Oreille',
    description: 'Radio associative de Touraine qui diffuse chaque mois « Les Voix de la Bande », notre émission de lectures enregistrées en public.',
    logo: 'partner-radio-bouche-a-oreille.png',
    link: 'https://example.org/radio-bouche-a-oreille',
    published: true,
  },
  {
    title: 'Fondation Pages Ouvertes',
    description: 'Elle soutient la lecture à voix haute en milieu rural et finance nos tournées dans les villages ainsi que nos ateliers amateurs.',
    logo: 'partner-fondation-pages-ouvertes.png',
    link: 'https://example.org/fondation-pages-ouvertes',
    published: true,
  },
  {
    title: 'Imprimerie du Vieux Pont',
    description: 'Imprimeur de nos affiches et de nos programmes depuis 2018, sur papier recyclé et avec des encres végétales.',
    logo: 'partner-imprimerie-du-vieux-pont.png',
    link: null,
    published: false,
  },
];
