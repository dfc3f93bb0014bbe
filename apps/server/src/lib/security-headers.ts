import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaderOptions = HelmetOptions;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own security headers, over the shop's (the sandbox cashier's policy). */
    securityHeaders?: SecurityHeaderOptions;
  }
}

/**
 * The security headers of every reply (pages, files and API JSON alike), as helmet words them.
 *
 * The buyer app is the Vite build: its only scripts are files under /assets (no inline script, no
 * eval), so scripts come from 'self' alone. antd writes its CSS-in-JS into <style> elements at run
 * time, which needs 'unsafe-inline' for styles (styles cannot run code). Pictures come from this
 * server, as data: URIs (upload previews) or blob: URLs (the avatar cropper). The page may not be
 * framed by anyone, and nothing is upgraded to https here: a demo served over plain http must work.
 * Pages with other needs (the sandbox cashier, goods pictures) set their own policy on their route.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const SHOP_HEADERS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // honoured only over https; no includeSubDomains, which would bind sites this shop does not own
  strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
};

/** The headers helmet sets for these options, read once from a reply that records them. */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Every reply gets the shop's headers; a route with `config: { securityHeaders }` gets those over them.
 * Worked out once per set of options, not on every reply (helmet's own plugin rebuilt its middleware,
 * parsing the policy, for each request: a third of a cached read's time).
 */
export function addSecurityHeaders(app: FastifyInstance) {
  const shop = headersOf(SHOP_HEADERS);
  const ofRoute = new WeakMap<HelmetOptions, Record<string, string>>();
  app.addHook('onRequest', (req, reply, done) => {
    const own = req.routeOptions.config?.securityHeaders;
    let headers = shop;
    if (own) {
      let known = ofRoute.get(own);
      if (!known) ofRoute.set(own, (known = headersOf({ ...SHOP_HEADERS, ...own } as HelmetOptions)));
      headers = known;
    }
    reply.headers(headers);
    done();
  });
}

/**
 * The one page this site frames itself: an activity page opened by the console's 预览
 * (/activity/<id>?preview=…, shown in an iframe of /admin/). Framing stays same-origin only.
 */
export function allowSameOriginFrame(reply: FastifyReply) {
  const directives = { ...CSP_DIRECTIVES, 'frame-ancestors': ["'self'"] };
  reply.header('content-security-policy', Object.entries(directives).map(([k, v]) => `${k} ${v.join(' ')}`).join(';'));
  reply.header('x-frame-options', 'SAMEORIGIN');
}
