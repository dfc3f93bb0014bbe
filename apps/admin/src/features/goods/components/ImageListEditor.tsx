import { useRef, useState } from 'react';
import { App, Button, Image, Spin, Tooltip, Upload } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { errorMessage } from '../../../lib/request.ts';
import { uploadGoodsImage } from '../api/uploadGoodsImage.ts';
import { useGoodsScope } from '../lib/goods-scope.tsx';
import styles from './ImageListEditor.module.css';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp';

/** Moves the item at `from` to `to` (for drag and drop and the arrow buttons). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
  return next;
}

/** Checks a file before it is sent (the server checks its bytes again); null when it may go. */
export function fileProblem(file: { type: string; size: number; name: string }): string | null {
  if (!ACCEPT.split(',').includes(file.type)) return `「${file.name}」不是 JPG、PNG 或 WebP 图片`;
  if (file.size > MAX_IMAGE_BYTES) return `「${file.name}」超过 5 MB`;
  return null;
}

/**
 * The goods pictures: upload (several at once), reorder by dragging or the arrows, remove. The
 * first is the 主图 buyers see in lists. Value: the pictures' URLs in order.
 */
export function ImageListEditor({
  value = [],
  onChange,
  max = 10,
  id,
}: {
  value?: string[];
  onChange?: (urls: string[]) => void;
  max?: number;
  id?: string;
}) {
  const { message } = App.useApp();
  const { store } = useGoodsScope();
  const [uploading, setUploading] = useState(0);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  // uploads finish one by one: each adds to the latest list, not the one it started from
  const latest = useRef(value);
  latest.current = value;
  const set = (urls: string[]) => {
    latest.current = urls;
    onChange?.(urls);
  };

  const room = max - value.length - uploading;

  const send = async (file: File) => {
    const problem = fileProblem(file);
    if (problem) {
      void message.error(problem);
      return;
    }
    setUploading((n) => n + 1);
    try {
      const stored = await uploadGoodsImage(file, undefined, store);
      set([...latest.current, stored.url].slice(0, max));
    } catch (err) {
      void message.error(errorMessage(err, '图片上传失败，请重试'));
    } finally {
      setUploading((n) => n - 1);
    }
  };

  return (
    <div className={styles.list} id={id}>
      {value.map((url, i) => (
        <div
          key={url}
          className={[
            styles.tile,
            dragOver === i && dragFrom !== i ? styles.dropTarget : '',
            dragFrom === i ? styles.dragging : '',
          ].join(' ')}
          draggable
          onDragStart={(e) => {
            setDragFrom(i);
            e.dataTransfer.effectAllowed = 'move';
          }}
          onDragOver={(e) => {
            if (dragFrom === null) return;
            e.preventDefault();
            setDragOver(i);
          }}
          onDragLeave={() => setDragOver((o) => (o === i ? null : o))}
          onDrop={(e) => {
            e.preventDefault();
            if (dragFrom !== null && dragFrom !== i) set(move(value, dragFrom, i));
            setDragFrom(null);
            setDragOver(null);
          }}
          onDragEnd={() => {
            setDragFrom(null);
            setDragOver(null);
          }}
          data-testid="goods-image"
        >
          <Image src={url} alt={`商品图片 ${i + 1}`} className={styles.picture} width={104} height={104} />
          {i === 0 ? <span className={styles.cover}>主图</span> : <span className={styles.index}>{i + 1}</span>}
          <HolderOutlined className={styles.grip} aria-hidden />
          <div className={styles.actions}>
            <Tooltip title="前移">
              <Button
                size="small"
                type="text"
                icon={<ArrowLeftOutlined />}
                disabled={i === 0}
                aria-label={`图片 ${i + 1} 前移`}
                onClick={() => set(move(value, i, i - 1))}
              />
            </Tooltip>
            <Tooltip title="后移">
              <Button
                size="small"
                type="text"
                icon={<ArrowRightOutlined />}
                disabled={i === value.length - 1}
                aria-label={`图片 ${i + 1} 后移`}
                onClick={() => set(move(value, i, i + 1))}
              />
            </Tooltip>
            <Tooltip title="移除">
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`移除图片 ${i + 1}`}
                onClick={() => set(value.filter((_, j) => j !== i))}
              />
            </Tooltip>
          </div>
        </div>
      ))}
      {Array.from({ length: uploading }, (_, i) => (
        <div key={`up-${i}`} className={`${styles.tile} ${styles.pending}`}>
          <Spin />
          <span>上传中</span>
        </div>
      ))}
      {room > 0 ? (
        <Upload
          accept={ACCEPT}
          multiple
          showUploadList={false}
          beforeUpload={(file, batch) => {
            // several chosen at once: only as many as there is room for
            if (batch.indexOf(file) < room) void send(file);
            else if (batch.indexOf(file) === room) void message.warning(`商品图片最多 ${max} 张`);
            return Upload.LIST_IGNORE;
          }}
        >
          <button type="button" className={`${styles.tile} ${styles.add}`} aria-label="上传图片">
            <PlusOutlined />
            <span>上传图片</span>
          </button>
        </Upload>
      ) : null}
    </div>
  );
}
