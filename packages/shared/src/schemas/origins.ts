import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { eventDateFromParts, eventDateToParts, storedEventDateError } from '../format/event-date.ts';
import { optionalText, requiredText } from './common.ts';
import { MAX_INT4, withoutNul } from './text-guards.ts';
import { checkScheduleOrder, scheduleInputShape, scheduleOutputShape } from './schedule.ts';

export const originCategoryInputSchema = z.object({
  title: withoutNul(requiredText(200)),
  description: withoutNul(optionalText(2000)),
  /** Categories are ordered from 1; omitted on creation = at the end. */
  position: z.number().int().min(1).max(MAX_INT4).optional(),
  published: z.boolean().optional(),
  ...scheduleInputShape,
}).superRefine(checkScheduleOrder);
export type OriginCategoryInput = z.input<typeof originCategoryInputSchema>;

export const originEventInputSchema = z.object({
  title: withoutNul(requiredText(200)),
  /** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'; stored zero-padded so that dates sort as text. */
  date: z
    .string({ error: texts.validation.yearRequired })
    .trim()
    .superRefine((value, ctx) => {
      const message = storedEventDateError(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => eventDateFromParts(eventDateToParts(value))),
  description: withoutNul(requiredText(5000)),
  categoryId: z.number({ error: 'La catégorie est requise' }).int().positive('La catégorie est requise').max(MAX_INT4, 'Catégorie introuvable'),
  published: z.boolean().optional(),
  ...scheduleInputShape,
}).superRefine(checkScheduleOrder);
export type OriginEventInput = z.input<typeof originEventInputSchema>;

export const publishInputSchema = z.object({ published: z.boolean({ error: 'published doit être vrai ou faux' }) });

export const originEventSchema = z.object({
  id: z.number(),
  title: z.string(),
  date: z.string(),
  description: z.string(),
  published: z.boolean(),
  categoryId: z.number(),
  ...scheduleOutputShape,
});
export type OriginEvent = z.infer<typeof originEventSchema>;

export const originCategorySchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  position: z.number(),
  published: z.boolean(),
  ...scheduleOutputShape,
  events: z.array(originEventSchema),
});
export type OriginCategory = z.infer<typeof originCategorySchema>;
