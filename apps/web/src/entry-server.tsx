import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { dehydrate } from '@tanstack/react-query';
import { hotKeysKey, siteKeys } from './lib/queryKeys.ts';
import { getSiteConfig } from './lib/siteConfig.ts';
import { configureRequest } from './lib/request.ts';
import { AppShell, newQueryClient } from './app/AppShell.tsx';
import { firstCalls, seedFirstCall, type FirstCall } from './app/firstData.ts';
import { getHotKeys } from './lib/hotKeys.ts';
import { routes, type RouteHandle } from './app/routes.tsx';
import { RenderedForPhone } from './lib/useIsPhone.ts';
import { SERVER_STATE_ID, type ServerState } from './app/serverState.ts';

const handler = createStaticHandler(routes);

/**
 * What every page's shell shows besides its screen: the site settings and the header's hot words. The
 * browser's shell asks for them itself as it renders; the server's page brings them.
 */
const SHELL_CALLS: FirstCall[] = [
  { queryKey: siteKeys.config, ask: getSiteConfig },
  { queryKey: hotKeysKey, ask: getHotKeys },
];

export interface ServerPage {
  /** What goes in the page's root element. */
  html: string;
  /** What goes at the end of its head: antd's styles for that markup and the answers it was rendered from. */
  head: string;
}

/** `<` and friends escaped, so that no answer can end the script element it travels in. */
function scriptJson(value: unknown) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Which layout to render: a PC's, or a phone's for a phone's browser (the server tells by its user agent). */
export type PageLayout = 'pc' | 'phone';

/**
 * Renders one landing page (/, /goodsList, /goodsDetail) as a visitor who is not signed in sees it, in
 * `layout`: its first calls made through `fetch` (the server answers them in process), the markup, antd's
 * styles for it, and the answers, so that the browser's first render is the same and takes the page over.
 * Null when the address is not one to render (a redirect).
 */
export async function renderPage(
  url: string,
  fetch: typeof globalThis.fetch,
  layout: PageLayout = 'pc',
): Promise<ServerPage | null> {
  configureRequest({ fetch });
  const address = new URL(url, 'http://shop.invalid');
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const client = newQueryClient();
  await Promise.all([
    ...context.matches.map((m) => (m.route.handle as RouteHandle | undefined)?.screen?.preload()),
    ...[...SHELL_CALLS, ...firstCalls(address)].map((call) => seedFirstCall(client, call)),
  ]);
  const router = createStaticRouter(handler.dataRoutes, context);
  const styles = createCache();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RenderedForPhone value={layout === 'phone'}>
        <StyleProvider cache={styles}>
          <AppShell client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppShell>
        </StyleProvider>
      </RenderedForPhone>
    </StrictMode>,
    // Whole, its lazy parts waited for: no part sent apart to be revealed by a script (React's way with
    // large ones), which the pages' Content-Security-Policy would not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (html.includes('<script')) return null;
  const state: ServerState = { queries: dehydrate(client) };
  // Nothing of this page is kept here: its cache would hold the answers (and timers) for minutes.
  client.clear();
  const head = `${extractStyle(styles)}<script id="${SERVER_STATE_ID}" type="application/json">${scriptJson(state)}</script>`;
  return { html, head };
}
