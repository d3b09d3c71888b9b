import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { LIMITS } from '../constants.ts';
import { optionalMediaUrl, requiredText } from './common.ts';
import { withoutNul } from './text-guards.ts';
import { checkScheduleOrder, scheduleInputShape, scheduleOutputShape } from './schedule.ts';

export const memberNotFound = 'Membre introuvable';

export const memberInputSchema = z.object({
  firstName: withoutNul(requiredText(100)),
  lastName: withoutNul(requiredText(100)),
  role: withoutNul(requiredText(200)),
  note: withoutNul(
    z
      .string()
      .trim()
      .max(LIMITS.memberNoteMax, texts.validation.memberNoteTooLong)
      .nullish()
      .transform((value) => value || null),
  ),
  photo: withoutNul(optionalMediaUrl),
  published: z.boolean().optional(),
  ...scheduleInputShape,
}).superRefine(checkScheduleOrder);
export type MemberInput = z.input<typeof memberInputSchema>;
export type MemberInputParsed = z.output<typeof memberInputSchema>;

export const memberSchema = z.object({
  id: z.number(),
  documentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  role: z.string(),
  note: z.string().nullable(),
  photo: z.string().nullable(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  ...scheduleOutputShape,
});
export type Member = z.infer<typeof memberSchema>;

/** What a visitor sees of a member (GET /api/members?published=true). */
export const publicMemberSchema = memberSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  fullName: true,
  role: true,
  note: true,
  photo: true,
});
export type PublicMember = z.infer<typeof publicMemberSchema>;
