import { useEffect } from 'react';
import { message, Modal } from 'antd';
import { provideFeedback } from '../lib/feedback.ts';

/** antd's toast and dialog holders, handed to lib/feedback.ts (loaded after the first screen). */
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
