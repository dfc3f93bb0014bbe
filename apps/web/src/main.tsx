import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { firstScreensLoaded } from './app/router.tsx';
import { renderedOnServer } from './app/serverState.ts';
import { isPhoneNow, RenderedForPhone } from './lib/useIsPhone.ts';
import './app/global.css';

const root = document.getElementById('root')!;
/** The layout the server rendered this page in, if it did: a phone's or a PC's (by the browser it was asked by). */
const renderedLayout = renderedOnServer() ? root.getAttribute('data-server-layout') : null;
const layoutHere = isPhoneNow() ? 'phone' : 'pc';

const app = (
  <StrictMode>
    <RenderedForPhone value={renderedLayout === 'phone'}>
      <App />
    </RenderedForPhone>
  </StrictMode>
);

if (renderedLayout === layoutHere) {
  // A landing page the server rendered (entry-server.tsx) in this window's layout is taken over as it
  // stands, at once, so that taps and clicks are React's from now on (its screen is taken over once its
  // chunk, named in the page, has run). Should the browser's render differ after all, React renders the
  // page afresh, which the buyer does not notice, so it is noted in the console only.
  root.removeAttribute('data-server-layout');
  hydrateRoot(root, app, {
    onRecoverableError: (error, info) => console.warn('页面接管时重新渲染：', error, info.componentStack),
  });
  void firstScreensLoaded().catch(() => undefined);
} else {
  // The first screen's chunk is on its way already; rendering once it has run spares React's Suspense
  // fallback (see lazyScreen). A chunk that fails or is slow does not hold the app back: the route's
  // Suspense and error screen take over as before.
  const FIRST_SCREEN_WAIT_MS = 2000;
  void Promise.race([
    firstScreensLoaded().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
  ]).then(() => {
    // A server's page in the other layout (a PC's page in a phone-wide window, a phone's in a wide one):
    // it was not shown (the page's own style); the app draws this window's, from the answers it brought.
    root.replaceChildren();
    root.removeAttribute('data-server-layout');
    createRoot(root).render(app);
  });
}
