import type { FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';

export interface LogOutput {
  /**
   * Readable lines (pino-pretty) instead of JSON. By default: when stdout is a terminal, so that
   * `npm start` in a shell reads well while a pipe, a file or a process manager gets JSON lines.
   */
  pretty?: boolean;
  /** Where pretty lines go (tests); process.stdout by default. */
  destination?: { write(text: string): unknown };
}

/**
 * Structured JSON logs (pino) with the request id; readable lines when stdout is a terminal. Bodies
 * are never logged, and the headers that carry tokens are redacted, so passwords, codes and tokens
 * never reach a log line in either format: redaction and serializers run in pino, before a line is
 * written, so the pretty printer only ever sees what a JSON line would hold.
 */
export function loggerOptions(level: string, output: LogOutput = {}): FastifyServerOptions['logger'] {
  const options = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code', '*.refreshToken', '*.accessToken'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
  };
  const pretty = output.pretty ?? process.stdout.isTTY === true;
  return pretty ? { ...options, stream: prettyStream(output.destination ?? process.stdout) } : options;
}

/**
 * A synchronous pino destination that turns each JSON line into a readable one. In-process (not a
 * pino transport in a worker thread), so nothing logged just before process.exit is lost.
 */
function prettyStream(destination: { write(text: string): unknown }) {
  const prettify = pinoPretty.prettyFactory({
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
    colorize: destination === process.stdout ? pinoPretty.isColorSupported : false,
  });
  return { write: (line: string) => void destination.write(prettify(line)) };
}

/** Query strings may carry a mobile number or token; keep the path only. */
function redactUrl(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?…`;
}
