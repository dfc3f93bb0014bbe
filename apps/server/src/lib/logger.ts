import type { FastifyServerOptions } from 'fastify';

/**
 * Structured JSON logs (pino) with the request id. Bodies are never logged, and the headers that
 * carry tokens are redacted, so passwords, codes and tokens never reach a log line.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code', '*.refreshToken', '*.accessToken'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
  };
}

/** Query strings may carry a mobile number or token; keep the path only. */
function redactUrl(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?…`;
}
