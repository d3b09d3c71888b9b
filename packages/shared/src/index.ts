import { z } from 'zod';

// zod's own messages (wrong type, missing field...) in French, for the API and the forms alike.
z.config(z.locales.fr());

export * from './texts.ts';
export * from './constants.ts';
export * from './schemas/common.ts';
export * from './schemas/auth.ts';
