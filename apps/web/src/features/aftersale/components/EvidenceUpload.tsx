import { Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { AfterSaleUpload } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { UPLOAD_URL } from '../api/applyAfterSale.ts';
import { useFeedback } from '../../../lib/feedback.ts';

export const MAX_IMAGES = 6;
const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Up to 6 evidence pictures (JPG/PNG/WebP ≤ 5 MB), each sent to the server's upload endpoint at once. */
export function EvidenceUpload({ files, onChange }: { files: UploadFile<AfterSaleUpload>[]; onChange: (files: UploadFile<AfterSaleUpload>[]) => void }) {
  const { message } = useFeedback();
  const props: UploadProps<AfterSaleUpload> = {
    listType: 'picture-card',
    accept: TYPES.join(','),
    multiple: true,
    maxCount: MAX_IMAGES,
    fileList: files,
    onChange: ({ fileList }) => onChange(fileList),
    beforeUpload: (file) => {
      // The server checks the bytes too; this only saves a useless upload.
      if (!TYPES.includes(file.type)) {
        void message.error('只能上传 JPG、PNG 或 WebP 图片');
        return Upload.LIST_IGNORE;
      }
      if (file.size > MAX_BYTES) {
        void message.error('图片不能超过 5MB');
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    customRequest: ({ file, onSuccess, onError }) => {
      const form = new FormData();
      form.append('file', file as Blob);
      request
        .upload<AfterSaleUpload>(UPLOAD_URL, form)
        .then((r) => onSuccess?.(r))
        .catch((err: Error) => onError?.(err));
    },
  };
  return (
    <Upload {...props}>
      {files.length >= MAX_IMAGES ? null : (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>上传图片</div>
        </div>
      )}
    </Upload>
  );
}
