/** An error with an HTTP status and a French message meant for the visitor (see plugins/error-handler.ts). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Extra fields merged into the reply body, e.g. { remainingAttempts }. */
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message: string, extra?: Record<string, unknown>) => new HttpError(401, message, extra);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const rangeNotSatisfiable = (message: string) => new HttpError(416, message);
export const tooManyRequests = (message: string, extra?: Record<string, unknown>) => new HttpError(429, message, extra);
