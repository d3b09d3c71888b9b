import type { ShowType } from '@bande/shared';

/**
 * The demo repertoire. The three featured shows give the home page its three button states: several
 * upcoming performances (Boule de suif), exactly one (Un cœur simple), none (La Mare au diable).
 */

export interface DemoPerformance {
  /** Days from today (negative: already played), at `time` in Paris. */
  days: number;
  time: [hour: number, minute: number];
  /** A venue key, or an address alone when the venue is still to be announced. */
  venue: string | { address: string };
  bookingLink: string | null;
}

export interface DemoShow {
  slug: string;
  name: string;
  type: ShowType;
  year: string;
  pitch: string;
  quote: string | null;
  note: string;
  remerciement: string | null;
  photo: string;
  isFeatured: boolean;
  published: boolean;
  book: { name: string; type: string; description: string; note: string | null; photo: string } | null;
  author: { name: string; date: string; description: string; photo: string } | null;
  performances: DemoPerformance[];
  /** Category, then [member key, role in this show (null: the member's own role)]. */
  credits: [category: string, members: [string, string | null][]][];
}

const EVENING: [number, number] = [20, 30];
const ticket = (slug: string) => `https://example.org/billetterie/${slug}`;

const maupassant = {
  name: 'Guy de Maupassant',
  date: '1850 – 1893',
  description: "Normand, disciple de Flaubert, canotier du dimanche et employé de ministère avant de vivre de sa plume, Maupassant a écrit en dix ans plus de trois cents nouvelles et six romans.",
  photo: 'author-guy-de-maupassant.jpg',
};

export const demoShows: DemoShow[] = [
  {
    slug: 'boule-de-suif',
    name: 'Boule de suif',
    type: 'Grand format',
    year: '2025',
    pitch: "Hiver 1870. Une diligence fuit Rouen occupée, avec à son bord des bourgeois, deux religieuses, un démocrate et une fille de joie que tous méprisent… jusqu'à ce qu'ils aient faim. Quatre voix et un violoncelle pour la plus féroce des nouvelles de Maupassant.",
    quote: "« Pendant plusieurs jours de suite des lambeaux d'armée en déroute avaient traversé la ville. » — Guy de Maupassant",
    note: "Nous avons voulu que le public monte dans la diligence. Pas de décor : quatre chaises serrées, une lanterne, et la neige que Sophie fait tomber avec son archet. Le texte de Maupassant est si précis qu'il suffit de le dire lentement pour que chacun voie les visages, sente le froid, et comprenne, avant les personnages, ce qu'ils sont prêts à faire. Nous lisons la nouvelle presque en entier : elle ne supporte pas qu'on l'adoucisse.",
    remerciement: "Merci à la Médiathèque des Tilleuls pour l'accueil des répétitions, et à Monique, qui nous a prêté la malle de costumes de son grand-père.",
    photo: 'show-boule-de-suif.jpg',
    isFeatured: true,
    published: true,
    book: {
      name: 'Boule de suif',
      type: 'Nouvelle',
      description: 'Parue en 1880 dans le recueil collectif Les Soirées de Médan, la nouvelle qui fit connaître Maupassant du jour au lendemain.',
      note: 'Texte intégral, à peine resserré : une heure et demie de voyage en diligence.',
      photo: 'book-boule-de-suif.jpg',
    },
    author: maupassant,
    performances: [
      { days: -120, time: EVENING, venue: 'theatre', bookingLink: null },
      { days: -60, time: EVENING, venue: 'salle', bookingLink: null },
      { days: 10, time: EVENING, venue: 'theatre', bookingLink: ticket('boule-de-suif') },
      { days: 25, time: [16, 0], venue: 'salle', bookingLink: null },
      { days: 40, time: EVENING, venue: 'mediatheque', bookingLink: ticket('boule-de-suif') },
    ],
    credits: [
      ['Au plateau', [['claire', 'Boule de suif'], ['malik', 'Cornudet'], ['anne-laure', 'La comtesse de Bréville'], ['bastien', 'Loiseau']]],
      ['Mise en scène', [['julien', null], ['nadia', 'Adaptation']]],
      ['Musique', [['sophie', 'Violoncelle']]],
      ['Lumière', [['thomas', 'Création lumière']]],
    ],
  },
  {
    slug: 'un-coeur-simple',
    name: 'Un cœur simple',
    type: 'Pépite',
    year: '2024',
    pitch: "Pendant un demi-siècle, Félicité a servi Mme Aubain, aimé sans compter et tout perdu, sauf un perroquet. Une lectrice seule et un violoncelle pour le conte le plus tendre de Flaubert, en cinquante minutes.",
    quote: "« Pendant un demi-siècle, les bourgeoises de Pont-l'Évêque envièrent à Mme Aubain sa servante Félicité. » — Gustave Flaubert",
    note: "Félicité ne parle presque pas ; c'est le narrateur qui la regarde vivre. Hélène lit donc ce regard, avec la pudeur de Flaubert, sans jamais jouer la servante. Le violoncelle tient la place de ce qu'elle ne dit pas. Nous avons gardé la dernière page intacte : quand le perroquet apparaît dans les cieux entrouverts, la salle retient toujours son souffle.",
    remerciement: null,
    photo: 'show-un-coeur-simple.jpg',
    isFeatured: true,
    published: true,
    book: {
      name: 'Un cœur simple',
      type: 'Conte',
      description: "Le premier des Trois contes, publiés en 1877 : la vie d'une servante normande, racontée avec une précision qui finit par bouleverser.",
      note: 'Adaptation de Nadia Chevalier.',
      photo: 'book-un-coeur-simple.jpg',
    },
    author: {
      name: 'Gustave Flaubert',
      date: '1821 – 1880',
      description: "Né à Rouen, Flaubert a passé l'essentiel de sa vie à Croisset, au bord de la Seine, à chercher le mot juste. Madame Bovary lui valut un procès ; Un cœur simple, écrit en pensant à George Sand, compte parmi ses derniers textes.",
      photo: 'author-gustave-flaubert.jpg',
    },
    performances: [
      { days: -200, time: [18, 30], venue: 'mediatheque', bookingLink: null },
      { days: -30, time: [19, 0], venue: 'cafe', bookingLink: null },
      { days: 75, time: EVENING, venue: 'theatre', bookingLink: ticket('un-coeur-simple') },
    ],
    credits: [
      ['Au plateau', [['helene', 'Félicité et le récit']]],
      ['Musique', [['sophie', 'Violoncelle']]],
      ['Adaptation et mise en scène', [['nadia', null]]],
    ],
  },
  {
    slug: 'la-mare-au-diable',
    name: 'La Mare au diable',
    type: 'Lecture de poche',
    year: '2023',
    pitch: "Un veuf, une jeune bergère et un enfant égarés dans la brume, une nuit, près d'une mare qui porte malheur. Une lecture à deux voix, sans décor, qui se glisse partout où l'on peut s'asseoir pour écouter.",
    quote: "« La plus belle veillée de l'année, et on l'a passée assis sur des chaises d'école. » — Un spectateur, à Vouvray",
    note: "La Lecture de poche, c'est notre format le plus léger : deux lecteurs, deux tabourets, quarante-cinq minutes. George Sand a écrit ce roman pour être lu à la veillée ; nous n'avons rien fait d'autre que lui rendre sa voix. Il voyage dans les écoles, les médiathèques et les maisons de retraite, sur simple demande.",
    remerciement: "Merci aux résidents de la maison de retraite Les Glycines, nos premiers et plus exigeants spectateurs.",
    photo: 'show-la-mare-au-diable.jpg',
    isFeatured: true,
    published: true,
    book: {
      name: 'La Mare au diable',
      type: 'Roman champêtre',
      description: 'Court roman paru en 1846, le premier des romans champêtres de George Sand, situé dans son Berry natal.',
      note: 'Lecture sur demande pour les bibliothèques, écoles et associations.',
      photo: 'book-la-mare-au-diable.jpg',
    },
    author: {
      name: 'George Sand',
      date: '1804 – 1876',
      description: "Aurore Dupin, dite George Sand : romancière, dramaturge et épistolière infatigable, elle a écrit plus de soixante-dix romans et reçu à Nohant Chopin, Delacroix et Flaubert.",
      photo: 'author-george-sand.jpg',
    },
    performances: [
      { days: -400, time: [15, 0], venue: 'mediatheque', bookingLink: null },
      { days: -90, time: [18, 30], venue: 'cafe', bookingLink: null },
      { days: -20, time: [20, 0], venue: 'salle', bookingLink: null },
    ],
    credits: [
      ['Au plateau', [['helene', 'La narratrice'], ['bastien', 'Germain']]],
      ['Adaptation', [['nadia', null]]],
    ],
  },
  {
    slug: 'lettres-a-juliette',
    name: 'Lettres à Juliette',
    type: 'Brigade de mots',
    year: '2025',
    pitch: "Pendant cinquante ans, Victor Hugo a écrit à Juliette Drouet, qui lui a répondu plus encore. La Brigade de mots surgit dans les cafés, sur les marchés et dans les halls de gare pour lire ces lettres en quinze minutes, puis disparaît.",
    quote: "« Trois minutes de lecture, et tout le café s'est tu. » — La patronne de L'Encre et la Tasse",
    note: "La Brigade de mots, c'est l'art de l'irruption : personne n'a pris de billet, personne ne s'attend à nous. Il faut donc des textes qui saisissent en une phrase. Les lettres d'amour s'y prêtent merveilleusement, et celles de Victor et Juliette, tour à tour drôles, jalouses et sublimes, plus que toutes les autres.",
    remerciement: "Merci aux cafés qui nous laissent interrompre le service, et à leurs clients qui ne sont pas partis.",
    photo: 'show-lettres-a-juliette.jpg',
    isFeatured: false,
    published: true,
    book: null,
    author: {
      name: 'Victor Hugo',
      date: '1802 – 1885',
      description: "Poète, romancier, dramaturge et pair de France, exilé à Jersey puis à Guernesey pendant dix-neuf ans, Hugo a traversé son siècle en l'écrivant. Juliette Drouet lui a adressé des milliers de lettres.",
      photo: 'author-victor-hugo.jpg',
    },
    performances: [
      { days: -45, time: [11, 0], venue: 'cafe', bookingLink: null },
      { days: 25, time: [10, 30], venue: { address: 'Amboise (37400)' }, bookingLink: null },
      { days: 40, time: [18, 30], venue: 'cafe', bookingLink: null },
    ],
    credits: [
      ['La brigade', [['malik', 'Victor'], ['claire', 'Juliette']]],
      ['Musique', [['sophie', 'Violoncelle']]],
    ],
  },
  {
    slug: 'le-tour-du-monde-en-80-jours',
    name: 'Le Tour du monde en quatre-vingts jours',
    type: 'Grand format',
    year: '2026',
    pitch: "Un pari insensé au Reform Club, un valet français, un détective obstiné et quatre-vingts jours pour faire le tour de la Terre. Quatre lecteurs, des cartes, un gong et des bruitages faits main : le roman de Jules Verne comme un feuilleton radiophonique en public.",
    quote: null,
    note: "Nous avons découpé le roman comme il a paru, en feuilleton : douze épisodes, chacun avec son suspense. Les bruitages se fabriquent à vue, avec une tôle, des noix de coco et un parapluie ; les enfants les guettent autant que l'intrigue. Un spectacle pour toute la famille, dès huit ans.",
    remerciement: null,
    photo: 'show-le-tour-du-monde-en-80-jours.jpg',
    isFeatured: false,
    published: true,
    book: {
      name: 'Le Tour du monde en quatre-vingts jours',
      type: "Roman d'aventures",
      description: "Publié en feuilleton dans Le Temps à partir de 1872, puis en volume chez Hetzel : le pari de Phileas Fogg et de son domestique Passepartout.",
      note: "Deux parties de trois quarts d'heure, avec entracte.",
      photo: 'book-le-tour-du-monde.jpg',
    },
    author: {
      name: 'Jules Verne',
      date: '1828 – 1905',
      description: "Nantais installé à Amiens, Verne a écrit les Voyages extraordinaires, plus de soixante romans qui ont fait rêver des générations de lecteurs à des terres, des mers et des cieux inconnus.",
      photo: 'author-jules-verne.jpg',
    },
    performances: [
      { days: 40, time: EVENING, venue: 'theatre', bookingLink: ticket('le-tour-du-monde-en-80-jours') },
      { days: 75, time: [15, 0], venue: 'salle', bookingLink: null },
    ],
    credits: [
      ['Au plateau', [['bastien', 'Phileas Fogg'], ['malik', 'Passepartout'], ['anne-laure', 'Aouda'], ['claire', "L'inspecteur Fix"]]],
      ['Mise en scène', [['julien', null]]],
      ['Musique et bruitages', [['sophie', null]]],
      ['Lumière', [['thomas', null]]],
    ],
  },
  {
    slug: 'la-chatte',
    name: 'La Chatte',
    type: 'Pépite',
    year: '2026',
    pitch: "Alain doit épouser Camille, mais il ne peut se détacher de Saha, sa chatte des Chartreux. Un trio amoureux à fleur de peau, lu à deux voix : une création en cours de répétition.",
    quote: null,
    note: "Colette écrit les bêtes comme personne, et les couples mieux encore. Nous cherchons comment faire exister Saha sans jamais l'imiter : peut-être par le silence, peut-être par la lumière. Réponse à la première, au printemps.",
    remerciement: null,
    photo: 'show-la-chatte.jpg',
    isFeatured: false,
    published: false,
    book: {
      name: 'La Chatte',
      type: 'Roman',
      description: "Court roman de 1933 : un jeune marié, sa femme et la chatte qu'il lui préfère, dans un Paris d'immeubles neufs et de jardins anciens.",
      note: null,
      photo: 'book-la-chatte.jpg',
    },
    author: {
      name: 'Colette',
      date: '1873 – 1954',
      description: "Née en Bourgogne, Sidonie-Gabrielle Colette fut romancière, journaliste, mime de music-hall, et la première femme à présider l'académie Goncourt.",
      photo: 'author-colette.jpg',
    },
    performances: [],
    credits: [
      ['Au plateau', [['anne-laure', 'Camille'], ['bastien', 'Alain']]],
      ['Mise en scène', [['nadia', null]]],
    ],
  },
];
