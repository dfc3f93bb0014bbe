import { useEffect } from 'react';
import { App } from 'antd';
import { configureRequest } from '../lib/request.ts';
import { sessionStore } from '../lib/session.ts';
import { router } from './router.tsx';

/**
 * Hands the request helper the router and antd's themed dialogs and toasts (from <App>), so that
 * 登录提示 and 商品已下架 look like the rest of the shop. A toast the request helper raised on one page
 * is taken away when the buyer moves to another: it spoke of a request of the page left behind.
 */
export function RequestBridge() {
  const { modal, message } = App.useApp();
  useEffect(() => {
    const open = new Set<string>();
    let serial = 0;
    configureRequest({
      navigate: (to) => void router.navigate(to),
      currentPath: () => router.state.location.pathname + router.state.location.search,
      goBack: () => {
        // react-router keeps the position in history.state.idx; 0 means this is the first page.
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        void (idx > 0 ? router.navigate(-1) : router.navigate('/'));
      },
      confirm: ({ title, content, okText, cancelText, onOk, onCancel }) =>
        modal.confirm({ title, content, okText, cancelText, onOk, onCancel }),
      toast: (text) => {
        const key = `request-${(serial += 1)}`;
        open.add(key);
        void message.error({ content: text, key, onClose: () => open.delete(key) });
      },
      onSessionCleared: () => sessionStore.forget(),
    });
    let pathname = router.state.location.pathname;
    const unsubscribe = router.subscribe((state) => {
      if (state.location.pathname === pathname) return;
      pathname = state.location.pathname;
      for (const key of open) message.destroy(key);
      open.clear();
    });
    return unsubscribe;
  }, [modal, message]);
  return null;
}
