import { useEffect, useState } from 'react';
import type { UploadFile } from 'antd';
import { ImageUpload, type UploadedImage } from '../../../components/ImageUpload.tsx';

const saved = (name: string, url: string): UploadFile<UploadedImage> => ({
  uid: `saved-${name}`,
  name: '已上传的图片',
  status: 'done',
  url,
  thumbUrl: url,
  response: { name, url },
});

/**
 * One picture for a Form.Item: the value is the stored name the server gave (sent back with the step),
 * shown with its picture; a new upload replaces it, 删除 clears it.
 */
export function ImageField({
  value,
  onChange,
  uploadUrl,
  savedUrl,
  label,
}: {
  value?: string;
  onChange?: (name: string | undefined) => void;
  uploadUrl: string;
  /** The picture of the saved value (a signed link for the licence). */
  savedUrl?: string;
  label: string;
}) {
  const [files, setFiles] = useState<UploadFile<UploadedImage>[]>(() => (value && savedUrl ? [saved(value, savedUrl)] : []));

  // The application loaded after the form mounted: show its saved picture.
  useEffect(() => {
    if (value && savedUrl && files.length === 0) setFiles([saved(value, savedUrl)]);
    // Only when the saved picture changes; the files list is this field's own.
  }, [value, savedUrl]);

  return (
    <ImageUpload
      url={uploadUrl}
      max={1}
      label={label}
      files={files}
      onChange={(next) => {
        setFiles(next);
        const done = next.find((f) => f.status === 'done' && f.response);
        if (done) onChange?.(done.response!.name);
        else if (next.length === 0 || next.every((f) => f.status === 'error')) onChange?.(undefined);
      }}
    />
  );
}
