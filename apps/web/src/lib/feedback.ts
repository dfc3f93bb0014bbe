import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';

/** antd's themed toasts and dialogs, as app/FeedbackHost.tsx hands them over once loaded. */
export interface FeedbackApi {
  message: MessageInstance;
  modal: ModalApi;
}

type Toast = 'success' | 'error' | 'info' | 'warning' | 'loading';
type ToastCall = (...args: Parameters<MessageInstance['success']>) => void;

let resolveApi: (api: FeedbackApi) => void = () => {};
const api = new Promise<FeedbackApi>((resolve) => (resolveApi = resolve));
let wanted = false;
const onWanted = new Set<() => void>();

/** Asks for the host to be loaded: the first toast or dialog, the buyer's first touch, or a while after start. */
export function wantFeedback() {
  if (wanted) return;
  wanted = true;
  for (const listener of onWanted) listener();
}

/** For app/Feedback.tsx: whether the host is wanted yet, and a call for when it becomes so. */
export function feedbackWanted(listener: () => void): { now: boolean; stop: () => void } {
  onWanted.add(listener);
  return { now: wanted, stop: () => onWanted.delete(listener) };
}

/** For app/FeedbackHost.tsx: the loaded toasts and dialogs; calls made before run now, in order. */
export function provideFeedback(loaded: FeedbackApi) {
  resolveApi(loaded);
}

function later(run: (loaded: FeedbackApi) => void) {
  wantFeedback();
  void api.then(run);
}

const toast =
  (kind: Toast): ToastCall =>
  (...args) =>
    later((loaded) => void loaded.message[kind](...args));

/**
 * The shop's toasts and confirmation dialogs (antd's, themed), for screens and the request layer alike.
 * app/Feedback.tsx loads antd's holders after the first screen (they are ~25 kB the first screen does not
 * show); a call made before they are ready loads them and is shown as soon as they are, in order.
 */
export const feedback = {
  message: {
    success: toast('success'),
    error: toast('error'),
    info: toast('info'),
    warning: toast('warning'),
    loading: toast('loading'),
    destroy: (key?: React.Key) => later((loaded) => loaded.message.destroy(key)),
  },
  modal: {
    confirm: (config: Parameters<ModalApi['confirm']>[0]) => later((loaded) => void loaded.modal.confirm(config)),
  },
};

/** The toasts and dialogs, where a screen used antd's `App.useApp()`. */
export function useFeedback() {
  return feedback;
}
