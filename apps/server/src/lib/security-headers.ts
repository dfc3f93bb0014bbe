import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply } from 'fastify';

/**
 * The security headers of every reply (pages, files and API JSON alike), set by @fastify/helmet.
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

export const helmetOptions: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // honoured only over https; no includeSubDomains, which would bind sites this shop does not own
  strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
};

/**
 * The one page this site frames itself: an activity page opened by the console's 预览
 * (/activity/<id>?preview=…, shown in an iframe of /admin/). Framing stays same-origin only.
 */
export function allowSameOriginFrame(reply: FastifyReply) {
  const directives = { ...CSP_DIRECTIVES, 'frame-ancestors': ["'self'"] };
  reply.header('content-security-policy', Object.entries(directives).map(([k, v]) => `${k} ${v.join(' ')}`).join(';'));
  reply.header('x-frame-options', 'SAMEORIGIN');
}
