import { z } from '../zod.ts';

/** What React reported in a visitor's browser: a recoverable error (a hydration mismatch among them), or one caught or not by an error boundary. */
export const CLIENT_ERROR_KINDS = ['recoverable', 'caught', 'uncaught'] as const;

/** Long enough for a message and a stack; a report is a log line, not a store. */
const reportText = (max: number) => z.string({ error: 'Ce champ doit être un texte' }).max(max, `Ce texte dépasse ${max} caractères`);

export const clientErrorReportSchema = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS, { error: "Le type d'erreur est inconnu" }),
  message: reportText(2000),
  stack: reportText(8000).optional(),
  componentStack: reportText(8000).optional(),
  /** The page's address (path and query), where it happened. */
  url: reportText(2000),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
