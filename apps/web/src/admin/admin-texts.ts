import { texts } from '@bande/shared/texts';

/**
 * Backoffice labels the spec does not quote (its quoted strings live in texts.admin / texts.errors of
 * @bande/shared). Kept here so that every admin screen words the same thing the same way.
 */
export const adminTexts = {
  brand: texts.adminFrame.brand,
  brandSuffix: 'Administration',
  tabs: {
    shows: 'Spectacles',
    reservations: 'Réservations',
    members: 'Membres',
    venues: 'Lieux',
    messages: 'Messages',
    gallery: 'Bonus de la bande',
    origins: 'Origines',
    partners: 'Partenaires',
    'card-config': "Carte d'abonnement",
    legal: 'Informations légales',
    'site-content': 'Textes du site',
    subscribers: 'Abonnés',
    campaigns: 'Lettres',
    accounts: 'Comptes',
    audit: 'Journal',
    bilan: 'Bilan',
    // Every role's own page, reached from the top bar's account button (not from the tab menus).
    account: 'Mon compte',
  },
  actions: {
    add: 'Ajouter',
    edit: 'Modifier',
    delete: 'Supprimer',
    publish: 'Publier',
    unpublish: 'Dépublier',
    save: 'Enregistrer',
    cancel: 'Annuler',
    close: 'Fermer',
    confirmDelete: 'Supprimer définitivement',
    logout: 'Déconnexion',
    themeToDark: 'Thème sombre',
    themeToLight: 'Thème clair',
    menu: 'Menu',
    retry: 'Réessayer',
  },
  counters: { published: 'Publiés', drafts: 'Brouillons', total: 'Total' },
  /** The door's check-ins not sent yet, said on every backoffice page and asked about at logout (admin/offline). */
  unsentCheckIns: {
    waiting: (count: number) => (count === 1 ? '1 entrée pointée en attente d’envoi' : `${count} entrées pointées en attente d’envoi`),
    questionTitle: 'Entrées pointées non envoyées',
    question: (count: number) =>
      count === 1 ? '1 entrée pointée hors ligne n’est pas encore envoyée.' : `${count} entrées pointées hors ligne ne sont pas encore envoyées.`,
    sendFirstOnline: (count: number) =>
      count === 1 ? 'Envoyez-la d’abord\u00a0: la déconnexion suivra son envoi.' : 'Envoyez-les d’abord\u00a0: la déconnexion suivra leur envoi.',
    sendFirstOffline: (count: number) =>
      count === 1
        ? 'Le téléphone est hors ligne\u00a0: elle partira au retour du réseau, et la déconnexion suivra son envoi.'
        : 'Le téléphone est hors ligne\u00a0: elles partiront au retour du réseau, et la déconnexion suivra leur envoi.',
    sendFirst: (count: number) => (count === 1 ? 'L’envoyer d’abord' : 'Les envoyer d’abord'),
    drop: (count: number) => (count === 1 ? 'Se déconnecter sans l’envoyer' : 'Se déconnecter sans les envoyer'),
    logoutAfterSending: (count: number) =>
      count === 1 ? 'Déconnexion après l’envoi de 1 entrée pointée' : `Déconnexion après l’envoi de ${count} entrées pointées`,
  },
  /** The backoffice without network (admin/offline): what still works, said rather than an endless « Chargement… ». */
  offline: {
    banner: 'Hors ligne\u00a0: les listes sont celles de la dernière connexion de ce téléphone. Les entrées se pointent sans réseau\u00a0; pour le reste, attendez son retour.',
    listNotKept: 'Hors ligne\u00a0: cette liste n’a pas encore été chargée sur ce téléphone. Elle s’affichera au retour du réseau.',
  },
  /** A new version of the backoffice is ready (its service worker waits): offered, never forced on an open door screen. */
  update: {
    available: 'Une nouvelle version de l’administration est prête.',
    apply: 'Mettre à jour',
  },
  /** A tab's, a page's or a form's code could not be downloaded (lazyPart's boundary). */
  lazyPartFailed: 'Cette partie de l’administration n’a pas pu être chargée. Vérifiez votre connexion, puis réessayez.',
  login: {
    title: 'Connexion',
    subtitle: texts.adminFrame.subtitle,
    email: 'Email',
    password: 'Mot de passe',
    unlockCode: 'Code de déblocage',
    unlockHint: 'Le code à 6 chiffres reçu par email, valable 5 minutes.',
    submit: 'Se connecter',
    submitting: 'Connexion...',
    requestUnlock: 'Recevoir un code de déblocage',
    requestingUnlock: 'Envoi du code...',
    requestAnotherUnlock: 'Recevoir un nouveau code',
    backToSite: 'Retour au site',
    sessionExpired: 'Votre session a expiré, reconnectez-vous.',
    signInAgain: 'Reconnectez-vous',
    sessionEndedKeepWork: 'Votre session a pris fin. Vos modifications sont gardées : reconnectez-vous pour les enregistrer.',
    giveUpChanges: 'Abandonner les modifications et revenir à la connexion',
  },
  reset: {
    title: 'Mot de passe oublié',
    requestIntro: 'Un code à 6 chiffres vous sera envoyé par email. Il sera valable 10 minutes.',
    /** Several people may administer the site: each asks for a code at the address of their own account. */
    email: 'Adresse email de votre compte',
    emailHint: "Laissée vide, le code part à l'adresse de l'administrateur principal.",
    /** Said the same whether the account exists or not: the page does not tell who has an account. */
    codeSentTo: (email: string) => `Si un compte existe à l'adresse ${email}, un code de réinitialisation vient d'y être envoyé.`,
    request: 'Envoyer un code',
    /** For an invitation code (new staff account) or a code mailed earlier: straight to the code step. */
    haveCode: "J'ai déjà un code (invitation)",
    /**
     * On the code step reached by « J'ai déjà un code » without an invitation link: a code works only in
     * the browser that asked for it, an invitation's only through its mail's link (docs/security.md).
     */
    codeWhereFrom:
      'Un code de réinitialisation ne fonctionne que dans le navigateur qui l’a demandé\u202f; un code d’invitation, seulement en ouvrant le lien du mail d’invitation.',
    requesting: 'Envoi en cours...',
    code: 'Code reçu par email',
    codeHint: 'Code à 6 chiffres, valable 10 minutes.',
    newPassword: 'Nouveau mot de passe',
    newPasswordHint: 'Au moins 6 caractères.',
    confirm: 'Confirmer le mot de passe',
    submit: 'Réinitialiser le mot de passe',
    backToLogin: 'Retour à la connexion',
    linkedCode: 'Le code de votre invitation est déjà rempli\u00a0: choisissez votre mot de passe.',
  },
  confirm: { title: 'Confirmer la suppression', cancel: 'Annuler' },
  /** Asked before a form with changes closes, or before the page it is on is left. */
  discard: {
    title: 'Abandonner les modifications ?',
    message: 'Les changements que vous avez faits dans ce formulaire ne sont pas enregistrés : ils seront perdus.',
    // The buttons say what they do (issue 34), rather than « Oui » / « Non ».
    yes: 'Abandonner les modifications',
    no: 'Continuer la saisie',
  },
  /** A form opened again with the changes kept when the server ended a session (lib/drafts.ts). */
  restoredChanges: 'Vos modifications non enregistrées ont été reprises\u00a0: vérifiez-les, puis enregistrez.',
  table: { actions: 'Actions', status: 'Statut' },
  loadingList: 'Chargement...',
  uploading: 'Envoi du fichier...',
} as const;

export type AdminTab = keyof typeof adminTexts.tabs;
