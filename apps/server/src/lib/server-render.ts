import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What apps/web/src/entry-server.tsx makes of one address. */
export interface ServerPage {
  /** The markup of the page's root element. */
  html: string;
  /** antd's styles for that markup and the answers it was rendered from, for the end of the head. */
  head: string;
}
/** A PC's layout, or a phone's for a phone's browser. */
export type PageLayout = 'pc' | 'phone';
/** A page rendered here, and in which layout. */
export interface RenderedPage extends ServerPage {
  layout: PageLayout;
}
type RenderPage = (url: string, fetch: typeof globalThis.fetch, layout: PageLayout) => Promise<ServerPage | null>;

/** The pages buyers land on from outside (a shared link, a search engine): rendered here, shown before any script. */
export const RENDERED_PAGES = new Set(['/', '/goodsList', '/goodsDetail']);

/**
 * Phones get the phone's layout: the server cannot know the screen's width, so it tells by the browser,
 * as H5 shops do (a tablet gets the PC's). Should the window be the other width after all, the page's
 * own style hides the markup and the app draws the right layout itself (lib/static-app.ts, main.tsx).
 */
const PHONE_BROWSER = /Mobi|iPhone|iPod|Android.+Mobile|MicroMessenger|HarmonyOS.+Phone/i;

export const layoutFor = (userAgent: string | undefined): PageLayout =>
  PHONE_BROWSER.test(userAgent ?? '') ? 'phone' : 'pc';

/** A render that takes longer (a slow database) is given up for the plain page, which still works. */
export const RENDER_TIMEOUT_MS = 1500;

/**
 * Renders under way at once. A visitor who comes while this many are under way (and none of their page)
 * gets the plain page at once, which the browser draws: rendering is a head start, and a flood of landing
 * visits must not take the API's time (renders run on the same event loop, ~25–60 ms each) nor make
 * visitors wait for renders queued behind each other.
 */
export const RENDERS_AT_ONCE = 2;

/** The visitor whose page is being rendered, for the calls the render makes (renders run side by side). */
const visitorOfRender = new AsyncLocalStorage<FastifyRequest>();

/**
 * Whether this call is one a page render makes: not the buyer's own look at a goods, which the browser
 * makes once it has taken the page over (apps/web/src/app/serverState.ts), with its visitor id and member.
 */
export const callOfPageRender = () => visitorOfRender.getStore() !== undefined;

/**
 * The renderer's fetch: the page's first calls answered by this server in process, as the visitor's own
 * (the same address for the rate limits) and as one not signed in, the way the page is rendered.
 */
function inProcessFetch(app: FastifyInstance): typeof globalThis.fetch {
  return async (input, init) => {
    const visitor = visitorOfRender.getStore();
    if (!visitor) throw new Error('a call outside a page render');
    const reply = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: String(input),
      headers: {
        ...(init?.headers as Record<string, string> | undefined),
        'user-agent': visitor.headers['user-agent'] ?? '',
      },
      payload: typeof init?.body === 'string' ? init.body : undefined,
      remoteAddress: visitor.ip,
    });
    return new Response(reply.body, {
      status: reply.statusCode,
      headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
    });
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The web build's renderer is there but cannot be loaded (a broken or mismatched build): the server does not start. */
export class RendererLoadError extends Error {
  constructor(file: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `前端的服务端渲染器无法加载，请重新构建 (npm run build)。` +
        `(the web app's server renderer could not be loaded: ${file}: ${reason})`,
      { cause },
    );
    this.name = 'RendererLoadError';
  }
}

async function importRenderer(file: string, mtimeMs: number): Promise<RenderPage> {
  const module = (await import(`${pathToFileURL(file).href}?build=${mtimeMs}`)) as { renderPage?: unknown };
  if (typeof module.renderPage !== 'function') throw new Error('it exports no renderPage function');
  return module.renderPage as RenderPage;
}

/**
 * The landing pages' server rendering: the web app's renderer (dist-server/entry-server.js beside its
 * dist, made by `npm run build`), loaded as the server starts (a large module: React, antd, the screens)
 * and again when a new build replaces it. One that is there and fails to load stops the start with a
 * RendererLoadError; a later build that fails to load is logged once and its pages are sent plain.
 * renderFor answers null, and the page is sent as the app's plain page, for other pages, a build without
 * the renderer, a failure or a render slower than RENDER_TIMEOUT_MS.
 */
export async function serverRenderer(app: FastifyInstance, webDist: string) {
  const file = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  let loaded: { mtimeMs: number; render: Promise<RenderPage | null> } | undefined;
  const fetch = inProcessFetch(app);

  function renderer(): Promise<RenderPage | null> | null {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      const render = importRenderer(file, mtimeMs).catch((err: unknown) => {
        app.log.error({ err: new RendererLoadError(file, err) }, 'the new server renderer could not be loaded');
        return null;
      });
      loaded = { mtimeMs, render };
    }
    return loaded.render;
  }

  const mtimeMs = fs.existsSync(file) ? fs.statSync(file).mtimeMs : undefined;
  if (mtimeMs !== undefined) {
    try {
      loaded = { mtimeMs, render: Promise.resolve(await importRenderer(file, mtimeMs)) };
    } catch (err) {
      throw new RendererLoadError(file, err);
    }
  }

  /**
   * Renders under way, by address: visitors who ask for the same page while it is being rendered get that
   * render (as fresh as their own would be) instead of one each, so that a goods link opened by a whole
   * group at once costs one render, not one per visitor. Nothing is kept once it is done.
   */
  const underWay = new Map<string, Promise<RenderedPage | null>>();

  function renderShared(req: FastifyRequest, render: RenderPage): Promise<RenderedPage | null> | null {
    const layout = layoutFor(req.headers['user-agent']);
    const key = `${layout} ${req.url}`;
    const started = underWay.get(key);
    if (started) return started;
    if (underWay.size >= RENDERS_AT_ONCE) return null;
    const page = visitorOfRender
      .run(req, () => render(req.url, fetch, layout))
      .then((made) => made && { ...made, layout });
    underWay.set(key, page);
    const forget = () => {
      if (underWay.get(key) === page) underWay.delete(key);
    };
    page.then(forget, forget);
    // One that hangs is not shared past the time a visitor waits for it: the next visitor tries afresh.
    setTimeout(forget, RENDER_TIMEOUT_MS).unref();
    return page;
  }

  return async function renderFor(req: FastifyRequest): Promise<RenderedPage | null> {
    const urlPath = req.url.split('?')[0]!;
    if (!RENDERED_PAGES.has(urlPath)) return null;
    const render = await renderer();
    if (!render) return null;
    try {
      const rendering = renderShared(req, render);
      if (!rendering) return null; // busy: the plain page at once
      const page = await withTimeout(rendering, RENDER_TIMEOUT_MS);
      if (!page) req.log.warn({ url: req.url }, 'server render gave no page; the plain page is sent');
      return page;
    } catch (err) {
      req.log.warn({ err, url: req.url }, 'server render failed; the plain page is sent');
      return null;
    }
  };
}
