import { useFeedback } from './feedback.ts';
import { useLocation, useNavigate } from 'react-router';

/**
 * Spec §4: an action that needs login shows a prompt when no tokens exist. It is the same 登录提示
 * dialog as the request layer's answer to 105/106 (same title, text and buttons); OK goes to /login
 * and, once signed in, back to this page.
 */
export function useLoginPrompt() {
  const { modal } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  return () =>
    modal.confirm({
      title: '登录提示',
      content: '该操作需要登录后才能进行，是否前往登录？',
      okText: '去登录',
      cancelText: '取消',
      onOk: () => void navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`),
    });
}
