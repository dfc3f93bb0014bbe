import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { firstScreensLoaded } from './app/router.tsx';
import './app/global.css';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The first screen's chunk is on its way already; rendering once it has run spares React's Suspense
// fallback (see lazyScreen). A chunk that fails or is slow does not hold the app back: the route's
// Suspense and error screen take over as before.
const FIRST_SCREEN_WAIT_MS = 2000;
void Promise.race([
  firstScreensLoaded().catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
]).then(render);
