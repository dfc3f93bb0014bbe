import { useEffect } from 'react';
import { message, Modal } from 'antd';
import { provideFeedback } from '../lib/feedback.ts';

/**
 * Toasts open below the sticky shop header (64 px high on a PC, 52 on a phone: SiteHeader.module.css),
 * never over its search box, at either width.
 */
const TOAST_TOP = 64 + 8;

/** antd's toast and dialog holders, rendered with the app inside ConfigProvider (themed) and handed to lib/feedback.ts. */
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage({ top: TOAST_TOP });
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => provideFeedback({ message: messageApi, modal: modalApi }), [messageApi, modalApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
