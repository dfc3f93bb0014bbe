// The smallest page built the way the app is built, for the build's own test
// (apps/server/src/lib/web-build-mode.test.ts): JSX, and React's server renderer as the landing pages use it.
import { renderToString } from 'react-dom/server';

export function renderBuildCheck(): string {
  return renderToString(<p className="build-check">构建检查</p>);
}
