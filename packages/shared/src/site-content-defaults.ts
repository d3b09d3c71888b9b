import type { SiteContent } from './schemas/site-content.ts';
import { DEFAULT_PAGE_TEXTS } from './page-texts.ts';
import { DEFAULT_WELCOME_MAIL } from './welcome-mail.ts';

/**
 * The site's texts until the staff change them in « Textes du site »: the ones the pages showed when
 * they were constants in the code (the demo association's invented details), so that nothing a visitor
 * sees changed when they moved to the database. GET /api/site-content answers them while no row exists,
 * and the demo seed saves them.
 */
export const DEFAULT_SITE_CONTENT: SiteContent = {
  associationName: 'La Bande à Lire',
  homeLead:
    'Nous faisons entendre les livres. Sur les scènes, dans les médiathèques, les cafés et les jardins, nos lecteurs prêtent leur voix aux romans, aux récits et aux poèmes : des lectures mises en espace, jouées comme on joue un spectacle, pour que chaque texte trouve son public.',
  footerText:
    "Association de lectures théâtrales. Des textes, des voix, et le plaisir partagé de les faire entendre — en salle, en bibliothèque, partout où l'on veut bien nous ouvrir la porte.",
  contact: {
    email: 'contact@labandealire.fr',
    phone: '01 99 00 12 34',
    address: 'Maison des associations\n8 rue du Théâtre\n37000 Tours',
    hours: 'Du mardi au vendredi, de 10 h à 17 h',
    responseDays: 5,
  },
  formats: [
    {
      name: 'Grand format',
      duration: 'Environ 1h30',
      description:
        'Le spectacle complet : plusieurs lecteurs, une mise en espace, de la musique et des lumières. Un roman ou une pièce porté de bout en bout, pour une vraie soirée de théâtre.',
    },
    {
      name: 'Pépite',
      duration: '45 min à 1h',
      description:
        "Une forme resserrée autour d'un texte coup de cœur. Deux ou trois voix, peu de décor, beaucoup d'émotion : idéale pour les médiathèques, les festivals et les salons du livre.",
    },
    {
      name: 'Lecture de poche',
      duration: 'Sur demande',
      description:
        "Un format léger qui se glisse partout : chez l'habitant, en classe, en entreprise ou au jardin. Vous choisissez le lieu et l'occasion, nous apportons les mots.",
    },
    {
      name: 'Brigade de mots',
      duration: 'Format court',
      description:
        'Des irruptions poétiques de quelques minutes, là où on ne les attend pas : un marché, un vernissage, un entracte. Les mots débarquent, surprennent, et repartent.',
    },
  ],
  horsCadre: [
    {
      kicker: "À l'antenne",
      title: 'Une émission de radio',
      description:
        'Chaque mois, la Bande prend le micro pour une émission consacrée à la lecture à voix haute : des extraits lus en direct, des rencontres avec des auteurs et des traducteurs, et les coulisses de nos créations.',
      facts: ['Chaque mois', 'Lectures en direct', 'Auteurs invités'],
      linkLabel: '',
    },
    {
      kicker: 'Ateliers',
      title: "Les ateliers de l'acteur",
      // One rule for the age, the same as the badge: « dès 18 ans » (18 included).
      description:
        "Pour les amateurs dès 18 ans, un cycle de trois séances le samedi : souffle et voix, écoute du partenaire, mise en espace d'un texte. Aucune expérience n'est requise — seulement l'envie de dire.",
      facts: ['Dès 18 ans', '3 samedis', 'Débutants bienvenus'],
      linkLabel: "S'inscrire à un atelier",
    },
  ],
  social: [],
  // The demo's statement, from the audit written down in docs/accessibility.md: automated checks and
  // keyboard checks, no complete audit of the 106 RGAA criteria, hence « non conforme » and no rate.
  pageTexts: DEFAULT_PAGE_TEXTS,
  welcomeMail: DEFAULT_WELCOME_MAIL,
  accessibility: {
    status: 'non',
    rate: null,
    auditDate: '2026-11-26',
    method:
      "Tests automatisés avec axe-core 4.14 (règles WCAG 2.2 A et AA et correspondance RGAA 4.1) sur toutes les pages publiques : accueil, la troupe, spectacles, une page de spectacle, contact, bonus, origines, partenaires, plan du site, mentions légales, accessibilité et page introuvable, à 390 et 1366 pixels de large, fenêtres ouvertes (lettre d'information, représentations, carte d'abonné, visionneuse, lecteur vidéo). Navigateur : Chromium 156 sous Linux. Au clavier, seuls les parcours automatisés ont été vérifiés (ouverture et fermeture des fenêtres par Échap, retour du focus) ; aucun parcours manuel complet au clavier ni aucun test avec un lecteur d'écran (NVDA, VoiceOver) n'a encore été fait.",
    nonAccessible:
      "Aucun audit complet des 106 critères du RGAA n'a encore été réalisé : le taux de conformité n'est pas connu.\nLes vidéos de la page Bonus n'ont ni sous-titres ni transcription (critères 4.1 et 4.3).\nLes textes des spectacles, des membres et des partenaires sont saisis par l'association : leur structure (titres, langue des citations) n'est pas vérifiée à chaque saisie.\nLes cartes des lieux et les vidéos hébergées par YouTube, services tiers, ne sont pas couvertes par cette déclaration.",
  },
};
