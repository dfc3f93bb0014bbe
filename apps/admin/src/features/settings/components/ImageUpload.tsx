import { useState, type ReactNode } from 'react';
import { App, Button, Upload, type ButtonProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { errorMessage } from '../../../lib/request.ts';
import { uploadSiteImage } from '../api/uploadSiteImage.ts';

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** What the browser can tell before sending (the server decides by the bytes anyway). */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!TYPES.includes(file.type)) return '只能上传 PNG、JPG 或 WebP 图片';
  if (file.size > MAX_IMAGE_BYTES) return '图片不能超过 5MB';
  if (file.size === 0) return '图片是空的，请换一张';
  return null;
}

/**
 * A button that uploads one picture for a setting and hands back its site path. SVG is not
 * accepted: it can carry script.
 */
export function ImageUploadButton({
  onUploaded,
  children = '上传图片',
  ...buttonProps
}: Omit<ButtonProps, 'onClick' | 'loading' | 'children'> & {
  onUploaded: (url: string) => unknown;
  children?: ReactNode;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept={TYPES.join(',')}
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        const problem = imageProblem(file);
        if (problem) {
          void message.error(problem);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        setBusy(true);
        try {
          const { url } = await uploadSiteImage(file as File);
          await onUploaded(url);
          onSuccess?.({ url });
        } catch (err) {
          void message.error(errorMessage(err, '图片上传失败，请重试'));
          onError?.(err as Error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy} {...buttonProps}>
        {children}
      </Button>
    </Upload>
  );
}
