import type { ReactNode } from 'react';
import { Button } from 'antd';
import { CloseCircleFilled, ExclamationCircleFilled, QuestionCircleFilled } from '@ant-design/icons';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

/** A script or style chunk that failed to load (spec §8), in the words browsers and Vite use. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|Loading chunk|Loading CSS chunk|dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    text,
  );
}

/**
 * The error screen's layout. Plain markup on purpose: it is part of every first screen and must show
 * even when no further script can be loaded (antd's Result would add its illustrations to the entry).
 */
function ErrorScreen({ icon, title, subTitle, actions }: { icon: ReactNode; title: string; subTitle?: string; actions: ReactNode }) {
  return (
    <div role="alert" style={{ background: '#fff', borderRadius: 8, padding: '56px 24px', textAlign: 'center' }}>
      <div style={{ fontSize: 64, lineHeight: 1 }}>{icon}</div>
      <h1 style={{ margin: '24px 0 8px', fontSize: 22, fontWeight: 600, color: '#333' }}>{title}</h1>
      {subTitle ? <p style={{ margin: 0, color: '#6b6b6b' }}>{subTitle}</p> : null}
      <div style={{ marginTop: 24, display: 'flex', gap: 12, justifyContent: 'center' }}>{actions}</div>
    </div>
  );
}

const reload = () => window.location.reload();

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorScreen icon={<QuestionCircleFilled style={{ color: '#7b5a98' }} />} title="页面不存在" actions={<Link to="/">返回首页</Link>} />;
  }
  if (isChunkLoadError(error)) {
    return (
      <ErrorScreen
        icon={<ExclamationCircleFilled style={{ color: '#d48806' }} />}
        title="页面加载失败"
        subTitle="网络不稳定或网站刚刚更新，请重新加载页面。"
        actions={
          <Button type="primary" onClick={reload}>
            重新加载
          </Button>
        }
      />
    );
  }
  return (
    <ErrorScreen
      icon={<CloseCircleFilled style={{ color: '#d0252b' }} />}
      title="页面出错了"
      subTitle="抱歉，页面遇到了问题，请重新加载或返回首页。"
      actions={
        <>
          <Button type="primary" onClick={reload}>
            重新加载
          </Button>
          <Link to="/">
            <Button>返回首页</Button>
          </Link>
        </>
      }
    />
  );
}
