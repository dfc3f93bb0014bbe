import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaderOptions = HelmetOptions;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own security headers, over the shop's (the sandbox cashier's policy). */
    securityHeaders?: SecurityHeaderOptions;
  }
}

/**
 * The security headers of the apps' pages and files, as helmet words them (data replies: DATA_HEADERS).
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

/**
 * The headers of a reply that is data for the apps' scripts (JSON, a CSV, a picture, a health answer),
 * never a page: a browser that opens one shows it as text and runs nothing from it. What a page's
 * headers say of scripts, styles, pictures, referrers, windows and https is about what a page loads
 * and does, so none of it applies here. What applies is kept: nothing may run in it or load for it
 * (`default-src 'none'`), no page may frame it, no other site's page may read it as a script, a
 * style or a picture (`nosniff`, `Cross-Origin-Resource-Policy`). The pages carry the rest, HSTS
 * included, and a buyer always comes to a page before its data.
 *
 * A cached read's reply was three times as long in headers as in its JSON; writing and parsing them
 * was measured as the largest cost left in those reads (docs/performance.md).
 */
export const DATA_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The addresses whose replies are data, never a page (the web app's fallback keeps off them too). */
export const DATA_PATH = /^\/(member|ops|pay|dev|health|healthz|readyz|metrics)(\/|\?|$)/;

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
 * The security headers of a request's reply: a route with `config: { securityHeaders }` (the sandbox
 * cashier's page) gets the shop's with those over them; the data addresses get DATA_HEADERS; every
 * other reply (the apps' pages and files) the shop's. Worked out once per set of options, not on every
 * reply (helmet's own plugin rebuilt its middleware, parsing the policy, for each request).
 */
export function securityHeadersOf(): (req: FastifyRequest) => Record<string, string> {
  const shop = headersOf(SHOP_HEADERS);
  const ofRoute = new WeakMap<HelmetOptions, Record<string, string>>();
  return (req) => {
    const own = req.routeOptions.config?.securityHeaders;
    if (!own) return DATA_PATH.test(req.url) ? DATA_HEADERS : shop;
    let known = ofRoute.get(own);
    if (!known) ofRoute.set(own, (known = headersOf({ ...SHOP_HEADERS, ...own } as HelmetOptions)));
    return known;
  };
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
