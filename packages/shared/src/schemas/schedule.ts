import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { parseParisIso } from '../format/paris-clock.ts';

/*
 * Scheduled publishing (issue 18): shows, members, partners, gallery items, origins categories and
 * events carry `publishAt` and `unpublishAt`. When one is reached, the server's publication job
 * publishes (or unpublishes) the item and clears the field (apps/api/src/modules/scheduling).
 */

/**
 * The instant of a schedule date in ms, or NaN. It must start like an ISO date-time ('2026-03-03T20:30',
 * with an offset or 'Z', or without one for Paris wall time, as performance dates): Date.parse alone
 * accepts loose texts. Years stay on four digits, so that stored dates sort as text on both databases.
 */
export function scheduleInstant(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value.trim())) return Number.NaN;
  const at = parseParisIso(value);
  if (Number.isNaN(at)) return at;
  return /^\d{4}-/.test(new Date(at).toISOString()) ? at : Number.NaN;
}

/**
 * An optional schedule date: omitted stays omitted (an update keeps the stored value), null or blank
 * clears it, anything else must be a readable date-time and is stored as ISO 8601 UTC ('…Z').
 */
const scheduleDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(64, message)
    .nullish()
    .refine((value) => !value || !Number.isNaN(scheduleInstant(value)), message)
    .transform((value) => (value === undefined ? undefined : value ? new Date(scheduleInstant(value)).toISOString() : null))
    // Optional again after the transform, so that the key itself stays optional in the parsed type.
    .optional();

/** The two input fields, spread into each schedulable resource's input schema. */
export const scheduleInputShape = {
  /** When the item gets published by itself (then the field is cleared). */
  publishAt: scheduleDate(texts.validation.publishAtInvalid),
  /** When the item gets unpublished by itself (then the field is cleared). */
  unpublishAt: scheduleDate(texts.validation.unpublishAtInvalid),
};

export interface ScheduleValues {
  publishAt?: string | null | undefined;
  unpublishAt?: string | null | undefined;
}

/** Whether a withdrawal comes at or before the publication: refused, it would never show the item. */
export const withdrawalNotAfterPublication = ({ publishAt, unpublishAt }: ScheduleValues) =>
  typeof publishAt === 'string' && typeof unpublishAt === 'string' && Date.parse(unpublishAt) <= Date.parse(publishAt);

/** Object-level check of an input schema (superRefine): the message goes on the withdrawal field. */
export function checkScheduleOrder(values: ScheduleValues, ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void }): void {
  if (withdrawalNotAfterPublication(values)) ctx.addIssue({ code: 'custom', path: ['unpublishAt'], message: texts.validation.unpublishNotAfterPublish });
}

/**
 * The two fields in answers: admin answers always carry them (null when nothing is planned); public
 * answers leave them out, so that a visitor does not read the troupe's plans (hence optional).
 */
export const scheduleOutputShape = {
  publishAt: z.string().nullable().optional(),
  unpublishAt: z.string().nullable().optional(),
};
