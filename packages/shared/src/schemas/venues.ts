import { z } from 'zod';
import { requiredText } from './common.ts';

export const venueInputSchema = z.object({
  name: requiredText(200),
  address: requiredText(500),
});
export type VenueInput = z.input<typeof venueInputSchema>;

export const venueSchema = z.object({ id: z.number(), name: z.string(), address: z.string() });
export type Venue = z.infer<typeof venueSchema>;
