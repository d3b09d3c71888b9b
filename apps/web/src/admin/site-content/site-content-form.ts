import type { SiteContent } from '@bande/shared';
import { siteContentInputSchema } from '@bande/shared/schemas/site-content';
import { formSchemaFrom } from '../lib/form-schema.ts';

/**
 * The form's values: the site's texts, except that each « Hors cadre » item's facts are one text, one
 * per line, and the response delay is the text of its number field. toBody makes the request's body,
 * which the server's own schema checks (formSchemaFrom).
 */
export type SiteContentValues = Omit<SiteContent, 'horsCadre' | 'contact' | 'accessibility'> & {
  accessibility: Omit<SiteContent['accessibility'], 'rate'> & { rate: string };
  contact: Omit<SiteContent['contact'], 'responseDays'> & { responseDays: string };
  horsCadre: (Omit<SiteContent['horsCadre'][number], 'facts'> & { facts: string })[];
};

export const toValues = (content: SiteContent): SiteContentValues => ({
  ...content,
  contact: { ...content.contact, responseDays: String(content.contact.responseDays) },
  horsCadre: content.horsCadre.map((item) => ({ ...item, facts: item.facts.join('\n') })),
  accessibility: { ...content.accessibility, rate: content.accessibility.rate === null ? '' : String(content.accessibility.rate) },
});

/** A number field's text: empty is none (null), anything else a number (NaN when not one, which the schema refuses). */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export const toBody = (values: SiteContentValues) => ({
  ...values,
  contact: { ...values.contact, responseDays: values.contact.responseDays.trim() === '' ? Number.NaN : Number(values.contact.responseDays) },
  horsCadre: values.horsCadre.map((item) => ({
    ...item,
    facts: item.facts
      .split('\n')
      .map((fact) => fact.trim())
      .filter(Boolean),
  })),
  accessibility: { ...values.accessibility, rate: numberOrNull(values.accessibility.rate) },
});

export const siteContentFormSchema = formSchemaFrom(siteContentInputSchema, toBody);
