import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Code, fail, messageFor } from '@mall/shared';
import { builtAppStatic, sendAppPage } from './static-app.ts';

/**
 * The operator console (apps/admin, a Vite build with `base: '/admin/'`) served at /admin/:
 * its hashed files under /admin/assets/ cached for a year and sent precompressed (lib/static-app.ts), every other GET under /admin/ answered
 * with its page (client routes), and /admin sent to /admin/.
 *
 * Its replies carry their own security headers, set after the global ones so that they win: a
 * policy written for the console (scripts from this server only, antd's inline styles, QR codes as
 * data: pictures), never framed, no MIME sniffing, and no Referer at all — a console URL names
 * orders and members, and no other site needs to learn it.
 */
export const ADMIN_PREFIX = '/admin';
export { DEFAULT_ADMIN_DIST } from './server-files.ts';

export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function consoleHeaders(reply: FastifyReply) {
  reply.header('content-security-policy', ADMIN_CSP);
  reply.header('x-frame-options', 'DENY');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
}

export async function registerAdminApp(app: FastifyInstance, dist: string) {
  const indexHtml = path.join(dist, 'index.html');

  app.get(ADMIN_PREFIX, async (req, reply) => {
    consoleHeaders(reply);
    const query = req.url.slice(ADMIN_PREFIX.length); // keeps ?redirect=… if any
    return reply.redirect(`${ADMIN_PREFIX}/${query.startsWith('?') ? query : ''}`, 301);
  });

  await app.register(
    async (admin) => {
      admin.addHook('onRequest', async (_req, reply) => consoleHeaders(reply));

      const sendPage = (reply: FastifyReply) => {
        // Read per request: a console built after the server started is served without a restart.
        if (!fs.existsSync(indexHtml)) {
          return reply.status(404).send(fail(Code.NOT_FOUND, '管理后台尚未构建，请先运行 npm run build -w apps/admin'));
        }
        return sendAppPage(reply, indexHtml);
      };

      if (fs.existsSync(dist)) {
        // Hashed files kept a year, the rest checked each time, precompressed copies (lib/static-app.ts).
        await admin.register(fastifyStatic, {
          ...builtAppStatic(dist),
          prefix: '/',
          decorateReply: false,
          index: false,
        });
      }
      admin.get('/', { prefixTrailingSlash: 'slash' }, async (_req, reply) => sendPage(reply));

      admin.setNotFoundHandler((req, reply) => {
        const urlPath = req.url.split('?')[0]!;
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          return reply.status(404).send(fail(Code.NOT_FOUND, '接口不存在'));
        }
        // A missing file (a script chunk of an older build, an icon) is a 404, not the page as that file.
        if (urlPath.startsWith(`${ADMIN_PREFIX}/assets/`) || /\.[A-Za-z0-9]{1,8}$/.test(urlPath)) {
          return reply.status(404).send(fail(Code.NOT_FOUND, messageFor(Code.NOT_FOUND)));
        }
        return sendPage(reply);
      });
    },
    { prefix: ADMIN_PREFIX },
  );
}
