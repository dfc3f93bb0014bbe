import type { ReactNode } from 'react';
import { Button, Drawer } from 'antd';
import { CloseOutlined } from '@ant-design/icons';

/**
 * A phone sheet rising from the bottom (SKU choice, filters…): rounded top, at most 80 % of the
 * screen high, its body scrolls inside; a title and a 关闭 button.
 */
export function BottomSheet({
  open,
  title,
  onClose,
  children,
  footer,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  return (
    <Drawer
      open={open}
      placement="bottom"
      title={title}
      onClose={onClose}
      closable={false}
      extra={<Button type="text" icon={<CloseOutlined />} aria-label="关闭" onClick={onClose} />}
      footer={footer}
      height="auto"
      data-testid={testId}
      styles={{
        wrapper: { maxHeight: '80vh', borderRadius: '12px 12px 0 0', overflow: 'hidden' },
        body: { padding: 12, overflowY: 'auto', maxHeight: 'calc(80vh - 120px)' },
        footer: { padding: '8px 12px calc(8px + env(safe-area-inset-bottom))' },
      }}
    >
      {children}
    </Drawer>
  );
}
