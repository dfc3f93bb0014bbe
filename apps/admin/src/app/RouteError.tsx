import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';

/** A script chunk that failed to load, in the words browsers and Vite use. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|Loading chunk|Loading CSS chunk|dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    text,
  );
}

/** A screen that crashed or could not load: say so in Chinese and offer a reload. */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <Result
      status={chunk ? 'warning' : 'error'}
      title={chunk ? '页面加载失败' : '页面出错了'}
      subTitle={
        chunk
          ? '网络不稳定或管理后台刚刚更新，请重新加载页面。'
          : '抱歉，页面遇到了问题，请重新加载；问题持续时请联系技术人员。'
      }
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      }
    />
  );
}
