import { z } from '../zod.ts';
import { requiredText } from './common.ts';
import { withoutNul } from './text-guards.ts';
import { capacitySchema } from './reservations.ts';

export const venueNotFound = 'Lieu introuvable';

export const venueInputSchema = z.object({
  name: withoutNul(requiredText(200)),
  address: withoutNul(requiredText(500)),
  /** The capacity a new performance at this venue takes (null or absent: none). */
  defaultCapacity: capacitySchema.nullish().transform((value) => value ?? null),
});
export type VenueInput = z.input<typeof venueInputSchema>;
export type VenueInputParsed = z.output<typeof venueInputSchema>;

export const venueSchema = z.object({ id: z.number(), name: z.string(), address: z.string(), defaultCapacity: z.number().nullable() });
export type Venue = z.infer<typeof venueSchema>;
