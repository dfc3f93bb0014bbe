import { Code, messageFor } from '@mall/shared';

/** A business refusal: HTTP 200 with a non-zero code and a Chinese message. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message?: string,
    readonly data: unknown = null,
  ) {
    super(message ?? messageFor(code));
  }
}

export const badRequest = (message: string) => new AppError(Code.BAD_REQUEST, message);
export const notFound = (message?: string) => new AppError(Code.NOT_FOUND, message);
