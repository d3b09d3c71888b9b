import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { emailSchema, isHttpUrl } from './common.ts';
import { isFrenchPhone } from '../format/phone.ts';
import { withoutNul } from './text-guards.ts';
import { ACCESSIBILITY_STATUSES } from '../accessibility-status.ts';
import { DEFAULT_PAGE_TEXTS, PAGE_TEXT_KEYS, PAGE_TEXTS_MAX, type PageTextKey } from '../page-texts.ts';
import { DEFAULT_WELCOME_MAIL, WELCOME_MAIL_MAX } from '../welcome-mail.ts';

/**
 * The texts of the public site that the staff change in « Textes du site » (one record, id 1, with a
 * history): the association's name, the home page's lead, the formats, « Hors cadre », the contact
 * details, the footer and the social links. Bounds keep every page whole at 360 px.
 */
export const SITE_CONTENT_MAX = {
  associationName: 60,
  homeLead: 420,
  footerText: 260,
  email: 80,
  phone: 20,
  address: 160,
  addressLines: 4,
  hours: 80,
  responseDays: 30,
  formats: 6,
  formatName: 40,
  formatDuration: 30,
  formatDescription: 320,
  horsCadre: 4,
  horsCadreKicker: 30,
  horsCadreTitle: 60,
  horsCadreDescription: 420,
  facts: 4,
  fact: 30,
  linkLabel: 40,
  social: 6,
  socialLabel: 30,
  socialUrl: 300,
  accessibilityMethod: 1500,
  accessibilityNonAccessible: 2500,
} as const;

/** The three states of conformity a French accessibility statement declares (RGAA 4.1). */
export { ACCESSIBILITY_STATUSES, ACCESSIBILITY_STATUS_LABELS, type AccessibilityStatus } from '../accessibility-status.ts';

export const siteContentTexts = {
  tooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères`,
  phoneInvalid: 'Veuillez entrer un numéro de téléphone français (10 chiffres, ex. 01 23 45 67 89)',
  httpsInvalid: 'Veuillez entrer une adresse web commençant par https://',
  addressLines: `L'adresse tient en ${SITE_CONTENT_MAX.addressLines} lignes au plus`,
  responseDays: `Indiquez un nombre de jours ouvrés entre 1 et ${SITE_CONTENT_MAX.responseDays}`,
  formatsCount: `Entre 1 et ${SITE_CONTENT_MAX.formats} formats`,
  horsCadreCount: `Entre 1 et ${SITE_CONTENT_MAX.horsCadre} rubriques`,
  factsCount: `${SITE_CONTENT_MAX.facts} repères au plus`,
  socialCount: `${SITE_CONTENT_MAX.social} liens au plus`,
  statusInvalid: 'Choisissez un état de conformité',
  rateInvalid: 'Indiquez un pourcentage entier entre 0 et 100, ou laissez vide sans audit complet',
  dateInvalid: 'Indiquez une date valide (AAAA-MM-JJ)',
} as const;

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const text = (max: number) =>
  withoutNul(z.string({ error: texts.validation.required }).trim().min(1, texts.validation.required).max(max, siteContentTexts.tooLong(max)));
/** May be left empty ('' : nothing shown). */
const optionalText = (max: number) => withoutNul(z.string({ error: texts.validation.required }).trim().max(max, siteContentTexts.tooLong(max)));

const httpsUrl = withoutNul(
  z
    .string({ error: siteContentTexts.httpsInvalid })
    .trim()
    .max(SITE_CONTENT_MAX.socialUrl, siteContentTexts.tooLong(SITE_CONTENT_MAX.socialUrl))
    .refine((value) => /^https:\/\//i.test(value) && isHttpUrl(value), siteContentTexts.httpsInvalid),
);

const M = SITE_CONTENT_MAX;

export const siteContentInputSchema = z.object({
  associationName: text(M.associationName),
  homeLead: text(M.homeLead),
  footerText: text(M.footerText),
  contact: z.object({
    email: emailSchema.pipe(z.string().max(M.email, siteContentTexts.tooLong(M.email))),
    phone: withoutNul(z.string({ error: siteContentTexts.phoneInvalid }).trim().max(M.phone, siteContentTexts.phoneInvalid).refine(isFrenchPhone, siteContentTexts.phoneInvalid)),
    address: text(M.address).refine((value) => value.split('\n').filter((line) => line.trim()).length <= M.addressLines, siteContentTexts.addressLines),
    hours: optionalText(M.hours),
    responseDays: z
      .number({ error: siteContentTexts.responseDays })
      .int({ error: siteContentTexts.responseDays })
      .min(1, { error: siteContentTexts.responseDays })
      .max(M.responseDays, { error: siteContentTexts.responseDays }),
  }),
  formats: z
    .array(z.object({ name: text(M.formatName), duration: text(M.formatDuration), description: text(M.formatDescription) }), { error: siteContentTexts.formatsCount })
    .min(1, siteContentTexts.formatsCount)
    .max(M.formats, siteContentTexts.formatsCount),
  horsCadre: z
    .array(
      z.object({
        kicker: optionalText(M.horsCadreKicker),
        title: text(M.horsCadreTitle),
        description: text(M.horsCadreDescription),
        facts: z.array(text(M.fact), { error: siteContentTexts.factsCount }).max(M.facts, siteContentTexts.factsCount),
        /** The label of a button to the contact page ('' : no button). */
        linkLabel: optionalText(M.linkLabel),
      }),
      { error: siteContentTexts.horsCadreCount },
    )
    .min(1, siteContentTexts.horsCadreCount)
    .max(M.horsCadre, siteContentTexts.horsCadreCount),
  social: z
    .array(z.object({ label: text(M.socialLabel), url: httpsUrl }), { error: siteContentTexts.socialCount })
    .max(M.social, siteContentTexts.socialCount),
  /** The pages' own words (page-texts.ts): the newsletter's window, the footer's call, the formats' heading. */
  /** The pages' own words (page-texts.ts): the newsletter's window, the footer's call, each page's surtitle, introduction and empty message. */
  pageTexts: z
    .object(
      // A text missing (a client, a row or a version from before it existed) keeps its first words; an empty one is refused.
      Object.fromEntries(PAGE_TEXT_KEYS.map((key) => [key, text(PAGE_TEXTS_MAX[key]).default(DEFAULT_PAGE_TEXTS[key])])) as {
        [K in PageTextKey]: z.ZodDefault<ReturnType<typeof text>>;
      },
    )
    // A client written before these texts existed sends none: the pages keep their first words.
    .default(DEFAULT_PAGE_TEXTS),
  /** The mail sent once a subscriber confirmed (issue 34); a client from before sends none: the default words. */
  welcomeMail: z
    .object({
      subject: text(WELCOME_MAIL_MAX.subject),
      text: text(WELCOME_MAIL_MAX.text),
    })
    .default(DEFAULT_WELCOME_MAIL),
  /** The accessibility statement (/accessibilite), RGAA 4.1. */
  accessibility: z.object({
    status: z.enum(ACCESSIBILITY_STATUSES, { error: siteContentTexts.statusInvalid }),
    /** The share of RGAA criteria met, in percent; null while no complete audit measured it. */
    rate: z
      .number({ error: siteContentTexts.rateInvalid })
      .int({ error: siteContentTexts.rateInvalid })
      .min(0, { error: siteContentTexts.rateInvalid })
      .max(100, { error: siteContentTexts.rateInvalid })
      .nullable(),
    auditDate: z.string({ error: siteContentTexts.dateInvalid }).trim().refine(isIsoDate, siteContentTexts.dateInvalid),
    /** How the audit was made: tools, pages, browsers, assistive technologies. */
    method: text(M.accessibilityMethod),
    /** The content that is not accessible, and why (one item a line). */
    nonAccessible: text(M.accessibilityNonAccessible),
  }),
});
export type SiteContentInput = z.input<typeof siteContentInputSchema>;
export type SiteContent = z.output<typeof siteContentInputSchema>;

/** What GET /api/site-content answers (the same shape, every field as stored). */
export const siteContentSchema = z.object({
  associationName: z.string(),
  homeLead: z.string(),
  footerText: z.string(),
  contact: z.object({ email: z.string(), phone: z.string(), address: z.string(), hours: z.string(), responseDays: z.number() }),
  formats: z.array(z.object({ name: z.string(), duration: z.string(), description: z.string() })),
  horsCadre: z.array(z.object({ kicker: z.string(), title: z.string(), description: z.string(), facts: z.array(z.string()), linkLabel: z.string() })),
  social: z.array(z.object({ label: z.string(), url: z.string() })),
  pageTexts: z.object(Object.fromEntries(PAGE_TEXT_KEYS.map((key) => [key, z.string()])) as { [K in PageTextKey]: z.ZodString }),
  welcomeMail: z.object({ subject: z.string(), text: z.string() }),
  accessibility: z.object({ status: z.enum(ACCESSIBILITY_STATUSES), rate: z.number().nullable(), auditDate: z.string(), method: z.string(), nonAccessible: z.string() }),
});
