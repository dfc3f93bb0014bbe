// Both browser apps' builds are production builds whatever the caller's shell says: Vite takes a
// NODE_ENV already set (a developer's shell, a process manager's default) over the build's mode, and
// with NODE_ENV=development it made development chunks and JSX compiled for React's development runtime,
// which the web app's server renderer (defined production, apps/web/vite.config.ts) could not load
// ("jsxDEV is not a function"). Only the dev server (`vite`) builds for development.
import type { ConfigEnv } from 'vite';

/** Called first thing in a Vite config: Vite and its React plugin read NODE_ENV after the config is loaded. */
export function productionWhenBuilding({ command }: Pick<ConfigEnv, 'command'>): void {
  if (command === 'build') process.env.NODE_ENV = 'production';
}
