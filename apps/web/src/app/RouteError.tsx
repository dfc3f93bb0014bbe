import { Button, Result } from 'antd';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

/** A script or style chunk that failed to load (spec §8), in the words browsers and Vite use. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|Loading chunk|Loading CSS chunk|dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    text,
  );
}

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <Result status="404" title="页面不存在" extra={<Link to="/">返回首页</Link>} />;
  }
  if (isChunkLoadError(error)) {
    return (
      <Result
        status="warning"
        title="页面加载失败"
        subTitle="网络不稳定或网站刚刚更新，请重新加载页面。"
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            重新加载
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="error"
      title="页面出错了"
      subTitle="抱歉，页面遇到了问题，请重新加载或返回首页。"
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>,
        <Link key="home" to="/">
          <Button>返回首页</Button>
        </Link>,
      ]}
    />
  );
}
