import { configureRequest } from '../lib/request.ts';
import { feedback } from '../lib/feedback.ts';
import { sessionStore } from '../lib/session.ts';
import { router } from './router.tsx';

/**
 * Hands the request helper the router and antd's themed dialogs and toasts (lib/feedback.ts), so that
 * 登录提示 and 商品已下架 look like the rest of the shop. Called once as the app starts, before its first
 * request. A toast the request helper raised on one page is taken away when the buyer moves to another:
 * it spoke of a request of the page left behind.
 */
export function connectRequestsToApp() {
  const { modal, message } = feedback;
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
      message.error({ content: text, key, onClose: () => open.delete(key) });
    },
    onSessionCleared: () => sessionStore.forget(),
  });
  let pathname = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    for (const key of open) message.destroy(key);
    open.clear();
  });
}
