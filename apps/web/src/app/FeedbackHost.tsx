import { useEffect } from 'react';
import { message, Modal } from 'antd';
import { provideFeedback } from '../lib/feedback.ts';

/** antd's toast and dialog holders, rendered with the app inside ConfigProvider (themed) and handed to lib/feedback.ts. */
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => provideFeedback({ message: messageApi, modal: modalApi }), [messageApi, modalApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
