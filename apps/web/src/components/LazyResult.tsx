import { lazy, Suspense } from 'react';
import type { ResultProps } from 'antd';

// antd's Result (with its 403 / 404 / 500 pictures) is only ever needed when something went wrong:
// its chunk loads then, not before every first screen.
const AntResult = lazy(() => import('antd/es/result/index.js'));

/**
 * antd's Result, loaded when first shown. Its own Suspense boundary keeps the page around it on
 * screen while the chunk arrives (a moment, with the space it will take held).
 */
export function Result(props: ResultProps) {
  return (
    <Suspense fallback={<div style={{ minHeight: 240 }} aria-busy="true" />}>
      <AntResult {...props} />
    </Suspense>
  );
}
