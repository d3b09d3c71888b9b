/**
 * Every French text of spec.md, named once. Server messages and UI labels both come from here so that
 * the API and the browser never drift apart. Texts quoted by the spec are copied to the letter.
 */
export const SITE_NAME = 'La Bande à Lire';

export const texts = {
  nav: { home: 'Accueil', team: 'La Bande', shows: 'Spectacles', contact: 'Nous contacter' },

  validation: {
    emailInvalid: 'Veuillez entrer une adresse email valide',
    phoneRequiredForType: 'Le téléphone est requis pour ce type de demande',
    maxCreditCategories: 'Maximum 6 catégories de crédits',
    youtubeInvalid: 'URL YouTube invalide',
    yearRequired: "L'année est requise",
    yearRange: "L'année doit être un nombre valide entre 1000 et 3000",
    monthRange: 'Le mois doit être un nombre entre 1 et 12',
    dayRange: 'Le jour doit être un nombre entre 1 et 31',
    dateDoesNotExist: "Cette date n'existe pas",
    dayWithoutMonth: 'Indiquez le mois du jour saisi (ou laissez le jour vide)',
    passwordsDoNotMatch: 'Les mots de passe ne correspondent pas',
    passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères',
    required: 'Ce champ est obligatoire',
    urlInvalid: 'Veuillez entrer une URL valide (commençant par http:// ou https://)',
    mediaUrlInsecure: "Une image ou une vidéo d'un autre site doit avoir une adresse en https://",
    memberNoteTooLong: 'La note ne doit pas dépasser 300 caractères',
    codeDigits: 'Le code doit contenir uniquement des chiffres (6 au maximum)',
    publishAtInvalid: 'Date de publication invalide',
    unpublishAtInvalid: 'Date de retrait invalide',
    unpublishNotAfterPublish: 'La date de retrait doit être après la date de publication',
  },

  contactPresets: { accessibility: 'Problème d’accessibilité sur la page : ' },

  submitting: { sending: 'Envoi en cours...', subscribing: 'Inscription...', saving: 'Enregistrement...' },

  errors: {
    dataLoad: (message: string) => `Erreur : ${message}`,
    apiGet: (status: number, path: string) => `API GET ${status} on ${path}`,
    newsletterFailed: "Erreur lors de l'inscription",
    generic: 'Une erreur est survenue',
    cardRequestFailed: "Erreur lors de l'envoi de la demande",
    sendFailed: "Erreur lors de l'envoi",
    contactFailed: "Erreur lors de l'envoi du message",
    accountLocked: 'Compte temporairement bloqué',
    loginRemaining: (n: number) => `Email ou mot de passe incorrect (${n} tentative(s) restante(s))`,
    loginInvalid: 'Email ou mot de passe incorrect',
    connection: 'Erreur de connexion',
    /** A call that never reached the server (offline, DNS, server down): said to the person, not 'Failed to fetch'. */
    network: 'Connexion impossible. Vérifiez votre connexion puis réessayez.',
    /** A 5xx answer: said to the person, not 'API PUT 500 on /api/...'. */
    server: 'Le serveur a rencontré un problème. Réessayez dans un instant.',
    /** Added after the network's or the server's failure of a form's save: nothing typed is lost. */
    inputKept: 'Vos saisies sont gardées dans le formulaire.',
    /** The folded « Détails techniques » of a failed call, for whoever helps (never the browser's English). */
    detailStatus: (request: string, status: number) => `Le serveur a répondu ${status} à ${request}.`,
    detailNoAnswer: (request: string) => `Aucune réponse à ${request}\u00a0: réseau coupé ou serveur injoignable.`,
    detailUnexpected: 'Erreur inattendue dans la page.',
    unlockRequestFailed: 'Erreur lors de la demande de déblocage',
    upload: "Erreur lors de l'upload",
    load: 'Erreur de chargement',
    create: 'Erreur de création',
    update: 'Erreur de mise à jour',
    delete: 'Erreur de suppression',
    publish: 'Erreur de publication',
    uploadNetwork: "Erreur réseau lors de l'upload",
    uploadCancelled: 'Upload annulé',
    memberLoad: 'Erreur lors du chargement du membre',
    showLoad: 'Erreur lors du chargement du spectacle',
    imageUpload: "Erreur lors de l'upload de l'image",
    save: 'Erreur lors de la sauvegarde',
    venueLoad: 'Erreur lors du chargement du lieu',
    fileUpload: "Erreur lors de l'upload du fichier",
    resetCodeSend: "Erreur lors de l'envoi du code",
    resetFailed: 'Erreur lors de la réinitialisation',
    gallerySave: 'Erreur lors de la sauvegarde du média',
    originsTokenMissing: "Token d'authentification manquant",
    originsLoad: 'Erreur lors du chargement des données',
    cardConfigUpdate: (message: string) => `Erreur lors de la mise à jour : ${message}`,
    cardConfigLoad: 'Erreur lors du chargement de la configuration',
  },

  success: {
    passwordReset: 'Mot de passe réinitialisé avec succès !',
    cardConfigUpdated: 'Configuration mise à jour avec succès !',
    unlockCodeSent: 'Un code de déblocage vous a été envoyé par email.',
    resetCodeSent: "Un code de réinitialisation a été envoyé à l'adresse de l'administrateur.",
    newsletterSubscribed: 'Merci ! Un mail est en route vers votre adresse : ouvrez le lien qu’il contient pour confirmer votre inscription à la newsletter.',
    contactSent: 'Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement.',
    cardRequestSent: 'Merci ! Votre demande de carte a bien été envoyée. Nous revenons vers vous très vite.',
  },

  /** Messages the API answers with (the error shape is always { error, issues? }). */
  api: {
    invalidBody: 'Les données envoyées sont invalides',
    invalidJson: "Le corps de la requête n'est pas un JSON valide",
    bodyTooLarge: 'La requête est trop volumineuse',
    unsupportedMediaType: "Ce type de contenu n'est pas accepté",
    notFound: 'Ressource introuvable',
    badUrl: "L'adresse demandée n'est pas valide",
    nulCharacter: "Les données envoyées contiennent un caractère nul (\\0), qui n'est pas accepté",
    invalidUtf8: 'Les données envoyées ne sont pas un texte UTF-8 valide',
    unacceptedCharacter: 'Les données envoyées contiennent un caractère non accepté (caractère nul ou UTF-8 invalide)',
    unauthorized: 'Authentification requise',
    invalidToken: 'Session invalide ou expirée, veuillez vous reconnecter',
    tooManyRequests: 'Trop de requêtes, veuillez réessayer dans quelques instants',
    internal: 'Erreur interne du serveur',
    serviceUnavailable: 'Service momentanément indisponible, veuillez réessayer dans quelques instants',
    maintenance: 'Site en maintenance',
    accountLockedMinutes: (minutes: number) =>
      `Compte temporairement bloqué après trop de tentatives. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''} ou demandez un code de déblocage.`,
    /** Failed logins from this address on this account (login-throttle.ts): the account itself is not locked. */
    loginThrottledMinutes: (minutes: number) =>
      `Trop de tentatives depuis cette connexion pour ce compte. Réessayez dans ${minutes}\u00a0minute${minutes > 1 ? 's' : ''}\u00a0; les autres comptes peuvent se connecter.`,
    unlockCodeInvalid: 'Code de déblocage invalide ou expiré',
    resetCodeInvalid: 'Code invalide ou expiré',
    tooManyCodeMails: 'Trop de codes envoyés pour ce compte : réessayez dans une heure.',
    uploadMissingFile: 'Aucun fichier reçu (champ « file » attendu)',
    uploadUnsupportedType:
      'Type de fichier non pris en charge : images JPEG, PNG, WebP, AVIF ou GIF, vidéos MP4, WebM ou OGG',
    uploadImageTooLarge: "L'image dépasse la taille maximale de 15 Mo",
    uploadImageTooManyPixels: "L'image dépasse 50 millions de pixels (par exemple 8000 × 6000) : réduisez ses dimensions avant de l'envoyer",
    uploadVideoTooLarge: 'La vidéo dépasse la taille maximale de 150 Mo',
    uploadRangeNotSatisfiable: 'Plage demandée hors du fichier',
    memberInCredits: (shows: string) =>
      `Ce membre figure dans les crédits de : ${shows}. Retirez-le de ces spectacles avant de le supprimer.`,
    slugTaken: 'Ce slug est déjà utilisé par un autre spectacle',
  },

  gallery: { empty: 'La galerie est vide pour le moment. Revenez bientôt !' },

  performances: {
    book: 'Réserver',
    seeAll: 'Voir les représentations',
    none: "Aucune représentation n'est prévue prochainement",
    venueUnknown: 'Lieu à préciser',
  },

  /** Links to GET /agenda.ics (an iCalendar file for calendar apps). */
  agenda: {
    addPerformance: 'Ajouter à mon agenda',
    addAll: "Ajouter l'agenda à mon calendrier",
  },

  maintenance: { title: 'Site en maintenance', yes: 'Oui', no: 'Non' },
  loading: 'Chargement...',

  /** Admin backoffice labels quoted by the spec (sections 2, 4, 5). */
  admin: {
    forgotPasswordLink: 'Mot de passe oublié ?',
    resendCode: 'Renvoyer un code',
    groups: { management: 'Gestion', content: 'Contenu' },
    status: { published: 'Publié', draft: 'Brouillon' },
    partnerLink: { visit: 'Visiter', none: 'Aucun lien' },
    cardConfigTabs: { card: 'Configuration carte', modal: 'Configuration modal' },
    testModal: 'Tester la modal',
    galleryTitle: 'Bonus de la bande',
    originsTitle: 'Origines',
    videoHint: 'MP4, WebM, OGG — 150 Mo maximum',
  },

  /**
   * The backoffice's first frame: sent by the server inside its shell, and shown by the app until the
   * backoffice's code has come (components/admin-frame.tsx).
   */
  adminFrame: { brand: 'La Bande à Lire', subtitle: 'Espace d’administration', loading: 'Chargement de l’espace d’administration…' },

  /** API answers of the admin session routes that the spec does not quote. */
  session: { loggedOut: 'Vous êtes déconnecté.' },
} as const;
