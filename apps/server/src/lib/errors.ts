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

/** Depth enough for a driver error wrapped by the ORM and once more by a caller. */
const MAX_CAUSES = 5;
const SQLSTATE = /^[0-9A-Z]{5}$/;

type Link = { message?: unknown; code?: unknown; severity?: unknown; cause?: unknown };

function chain(err: unknown): Link[] {
  const links: Link[] = [];
  for (let e = err; e && typeof e === 'object' && links.length < MAX_CAUSES; e = (e as Link).cause)
    links.push(e as Link);
  return links;
}

/** Stack frames only: the first line of a stack repeats the message, which is what must not be logged. */
function frames(err: unknown): string {
  const stack = (err as Error | undefined)?.stack;
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

/**
 * A database message without the values it may quote: a data exception (SQLSTATE class 22) says
 * `invalid input syntax for type uuid: "…"` or `value "…" is out of range`, the value being whatever
 * was bound. Other classes quote names (constraint, column, relation), which stay.
 */
function dbMessage(code: string | undefined, message: string): string {
  const text = code?.startsWith('22') ? message.replace(/"[^"]*"/g, '"…"') : message;
  return text.slice(0, 300);
}

/**
 * An error as a log line may show it. A failed query carries its SQL, its bound parameters (a
 * receiver's name, mobile and address) and the driver's `detail` (the failing row), and the ORM
 * puts the parameters into its own message too: of a database error only the SQLSTATE code and the
 * database's message are kept (as `sqlState` and `message`), with the stack frames.
 * Used as the logger's `err` serializer.
 */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function loggableError(err: unknown, depth = 0): LoggedError {
  const links = chain(err);
  const fromQuery = links.findIndex((l) => 'query' in l || 'params' in l);
  // the database's own error (pg and PGlite): a SQLSTATE code with a severity
  const coded = links.find((l) => typeof l.code === 'string' && SQLSTATE.test(l.code) && 'severity' in l);
  if (fromQuery >= 0 || coded) {
    const source = coded ?? links[fromQuery + 1];
    const code = typeof source?.code === 'string' ? source.code : undefined;
    const message = typeof source?.message === 'string' ? dbMessage(code, source.message) : 'database query failed';
    // `sqlState`, not `code`: the logger redacts every `*.code` (SMS codes)
    return { type: 'DatabaseError', sqlState: code, message, stack: frames(err) };
  }
  if (!(err instanceof Error)) return { type: typeof err, message: String(err).slice(0, 300), stack: '' };
  const code = (err as Link).code;
  return {
    type: err.name,
    message: err.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: err.stack ?? '',
    ...(err.cause !== undefined && depth < MAX_CAUSES ? { cause: loggableError(err.cause, depth + 1) } : {}),
  };
}
