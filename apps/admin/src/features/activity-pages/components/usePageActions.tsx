import { useState } from 'react';
import { App } from 'antd';
import type { ConsoleActivityPageView } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { previewToken, useOfflinePage, usePublishPage } from '../api/activityPages.ts';

/** 预览, 上线 and 下线 (each with a confirmation), shared by the list and the editor. */
export function usePageActions() {
  const { message, modal } = App.useApp();
  const publish = usePublishPage();
  const offline = useOfflinePage();
  const [preview, setPreview] = useState<{ src: string; title: string } | null>(null);

  async function openPreview(p: Pick<ConsoleActivityPageView, 'id' | 'title'>) {
    try {
      const link = await previewToken(p.id);
      setPreview({ src: link.path, title: p.title });
    } catch (e) {
      void message.error(errorMessage(e, '预览链接获取失败，请重试'));
    }
  }

  function confirmPublish(p: ConsoleActivityPageView, after?: () => void) {
    void modal.confirm({
      title: `上线“${p.title}”？`,
      content: `上线后买家可通过 /activity/${p.id} 访问此页面；上线期间不能编辑，需先下线。`,
      okText: '确认上线',
      cancelText: '再想想',
      onOk: async () => {
        try {
          await publish.mutateAsync({ id: p.id });
          void message.success('活动页面已上线');
          after?.();
        } catch (e) {
          void message.error(errorMessage(e));
        }
      },
    });
  }

  function confirmOffline(p: ConsoleActivityPageView, after?: () => void) {
    void modal.confirm({
      title: `下线“${p.title}”？`,
      content: '下线后买家打开此页面将看到“活动页面不存在或已下线”；下线后可编辑并重新上线。',
      okText: '确认下线',
      okButtonProps: { danger: true },
      cancelText: '不下线',
      onOk: async () => {
        try {
          await offline.mutateAsync({ id: p.id });
          void message.success('活动页面已下线');
          after?.();
        } catch (e) {
          void message.error(errorMessage(e));
        }
      },
    });
  }

  const busy = (id: number) => (publish.isPending && publish.variables?.id === id) || (offline.isPending && offline.variables?.id === id);
  return { preview, closePreview: () => setPreview(null), openPreview, confirmPublish, confirmOffline, busy };
}
