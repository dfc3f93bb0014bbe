import { createBrowserRouter } from 'react-router';
import { routes, type RouteHandle } from './routes.tsx';

export const router = createBrowserRouter(routes);

/**
 * Runs the chunks of the screens at the address the app opens at (the page already names them for the
 * browser to fetch early), so that the first render shows them without a Suspense fallback.
 */
export function firstScreensLoaded(): Promise<unknown> {
  // The router matched the address as it was created (matching again ranks the whole table again).
  return Promise.all(router.state.matches.map((m) => (m.route.handle as RouteHandle | undefined)?.screen?.preload()));
}
