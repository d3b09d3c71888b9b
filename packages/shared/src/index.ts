import { z } from 'zod';

// zod's own messages (wrong type, missing field...) in French, for the API and the forms alike.
z.config(z.locales.fr());

export * from './texts.ts';
export * from './constants.ts';
export * from './schemas/common.ts';
export * from './schemas/auth.ts';
export * from './schemas/members.ts';
export * from './schemas/venues.ts';
export * from './schemas/shows.ts';
export * from './schemas/partners.ts';
export * from './schemas/gallery.ts';
export * from './schemas/origins.ts';
export * from './schemas/card-config.ts';
export * from './schemas/forms.ts';
export * from './schemas/images.ts';
export * from './schemas/client-errors.ts';
export * from './format/youtube.ts';
export * from './format/event-date.ts';
export * from './format/french-dates.ts';
export * from './format/truncate.ts';
export * from './format/performances.ts';
export * from './format/maps.ts';
