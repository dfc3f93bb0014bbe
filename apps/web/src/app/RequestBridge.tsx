import { useEffect } from 'react';
import { App } from 'antd';
import { configureRequest } from '../lib/request.ts';
import { sessionStore } from '../lib/session.ts';
import { router } from './router.tsx';

/**
 * Hands the request helper the router and antd's themed dialogs and toasts (from <App>), so that
 * 登录提示 and 商品已下架 look like the rest of the shop.
 */
export function RequestBridge() {
  const { modal, message } = App.useApp();
  useEffect(() => {
    configureRequest({
      navigate: (to) => void router.navigate(to),
      goBack: () => {
        // react-router keeps the position in history.state.idx; 0 means this is the first page.
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        void (idx > 0 ? router.navigate(-1) : router.navigate('/'));
      },
      confirm: ({ title, content, okText, cancelText, onOk, onCancel }) =>
        modal.confirm({ title, content, okText, cancelText, onOk, onCancel }),
      toast: (text) => void message.error(text),
      onSessionCleared: () => sessionStore.forget(),
    });
  }, [modal, message]);
  return null;
}
