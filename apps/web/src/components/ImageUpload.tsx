import { Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { request } from '../lib/request.ts';
import { useFeedback } from '../lib/feedback.ts';

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** What an upload endpoint answers: the stored name (sent back with the form) and its URL. */
export interface UploadedImage {
  name: string;
  url: string;
}

/**
 * Up to `max` pictures (JPG/PNG/WebP ≤ 5 MB), each sent to `url` (multipart, field `file`) at once;
 * the server checks the bytes again. The names to submit are those of the files whose status is done.
 */
export function ImageUpload({
  url,
  max,
  files,
  onChange,
  label = '上传图片',
}: {
  url: string;
  max: number;
  files: UploadFile<UploadedImage>[];
  onChange: (files: UploadFile<UploadedImage>[]) => void;
  label?: string;
}) {
  const { message } = useFeedback();
  const props: UploadProps<UploadedImage> = {
    listType: 'picture-card',
    accept: TYPES.join(','),
    multiple: true,
    maxCount: max,
    fileList: files,
    onChange: ({ fileList }) => onChange(fileList),
    beforeUpload: (file) => {
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
        .upload<UploadedImage>(url, form)
        .then((r) => onSuccess?.(r))
        .catch((err: Error) => onError?.(err));
    },
    showUploadList: { showPreviewIcon: false },
    locale: { uploading: '上传中', removeFile: '删除图片', uploadError: '上传失败', previewFile: '预览图片', downloadFile: '下载图片' },
  };
  return (
    <Upload {...props}>
      {files.length >= max ? null : (
        <button type="button" aria-label={label} style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{label}</div>
        </button>
      )}
    </Upload>
  );
}

/** The stored names of the finished uploads, in the order shown. */
export const uploadedNames = (files: UploadFile<UploadedImage>[]) =>
  files.filter((f) => f.status === 'done' && f.response).map((f) => f.response!.name);
