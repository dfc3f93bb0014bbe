import { Button, Input, Select, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import type { DetailBlock } from '../../../entities/goods/types.ts';
import { move } from './ImageListEditor.tsx';
import styles from './GoodsForm.module.css';

export const MAX_BLOCKS = 50;

const KINDS: { type: DetailBlock['type']; label: string }[] = [
  { type: 'heading', label: '标题' },
  { type: 'text', label: '段落' },
  { type: 'list', label: '列表' },
  { type: 'image', label: '图片' },
];
const LABEL = Object.fromEntries(KINDS.map((k) => [k.type, k.label])) as Record<DetailBlock['type'], string>;

function blank(type: DetailBlock['type'], images: string[]): DetailBlock {
  switch (type) {
    case 'heading':
      return { type, text: '' };
    case 'text':
      return { type, text: '' };
    case 'list':
      return { type, items: [] };
    case 'image':
      return { type, src: images[0] ?? '' };
  }
}

/** Blank lines and blank list items are dropped before saving; an empty block is left out. */
export function cleanDetail(blocks: DetailBlock[]): DetailBlock[] {
  return blocks.flatMap((b): DetailBlock[] => {
    if (b.type === 'list') {
      const items = b.items.map((i) => i.trim()).filter(Boolean);
      return items.length ? [{ type: 'list', items }] : [];
    }
    if (b.type === 'image')
      return b.src ? [b.alt?.trim() ? { ...b, alt: b.alt.trim() } : { type: 'image', src: b.src }] : [];
    return b.text.trim() ? [{ ...b, text: b.text.trim() }] : [];
  });
}

/**
 * The 商品详情 tab, as the buyer's page shows it: blocks of 标题, 段落, 列表 (one item per line) and
 * 图片 (one of the goods' pictures), in order. No HTML travels.
 */
export function DetailEditor({
  value = [],
  onChange,
  images,
}: {
  value?: DetailBlock[];
  onChange?: (blocks: DetailBlock[]) => void;
  images: string[];
}) {
  const set = (list: DetailBlock[]) => onChange?.(list);
  const put = (i: number, block: DetailBlock) => set(value.map((b, j) => (j === i ? block : b)));
  return (
    <div className={styles.rows}>
      {value.map((b, i) => (
        <div key={i} className={styles.block}>
          <div className={styles.blockHead}>
            <span className={styles.blockKind}>{LABEL[b.type]}</span>
            <Space size={0}>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label="上移"
                onClick={() => set(move(value, i, i - 1))}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === value.length - 1}
                aria-label="下移"
                onClick={() => set(move(value, i, i + 1))}
              />
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`删除第 ${i + 1} 段`}
                onClick={() => set(value.filter((_, j) => j !== i))}
              />
            </Space>
          </div>
          {b.type === 'heading' ? (
            <Input
              value={b.text}
              maxLength={100}
              placeholder="标题，如 商品亮点"
              aria-label={`第 ${i + 1} 段标题`}
              onChange={(e) => put(i, { ...b, text: e.target.value })}
            />
          ) : b.type === 'text' ? (
            <Input.TextArea
              value={b.text}
              maxLength={2000}
              autoSize={{ minRows: 2, maxRows: 8 }}
              placeholder="一段文字"
              aria-label={`第 ${i + 1} 段文字`}
              onChange={(e) => put(i, { ...b, text: e.target.value })}
            />
          ) : b.type === 'list' ? (
            <Input.TextArea
              value={b.items.join('\n')}
              autoSize={{ minRows: 2, maxRows: 8 }}
              placeholder="每行一项"
              aria-label={`第 ${i + 1} 段列表`}
              onChange={(e) => put(i, { ...b, items: e.target.value.split('\n').slice(0, 30) })}
            />
          ) : (
            <div className={styles.imageBlock}>
              {b.src ? (
                <img src={b.src} alt="" className={styles.blockImage} />
              ) : (
                <PictureOutlined className={styles.blockImageEmpty} />
              )}
              <Space direction="vertical" style={{ flex: 1 }}>
                <Select
                  value={b.src || undefined}
                  placeholder={images.length ? '选择一张商品图片' : '请先在「商品图片」中上传'}
                  options={[...new Set([...images, ...(b.src ? [b.src] : [])])].map((src, n) => ({
                    value: src,
                    label: images.includes(src) ? `商品图片 ${images.indexOf(src) + 1}` : `原详情图片 ${n + 1}`,
                  }))}
                  onChange={(src: string) => put(i, { ...b, src })}
                  aria-label={`第 ${i + 1} 段图片`}
                />
                <Input
                  value={b.alt ?? ''}
                  maxLength={100}
                  placeholder="图片说明（可不填）"
                  onChange={(e) => put(i, { ...b, alt: e.target.value })}
                />
              </Space>
            </div>
          )}
        </div>
      ))}
      {value.length < MAX_BLOCKS ? (
        <Space wrap className={styles.addRow}>
          {KINDS.map((k) => (
            <Button
              key={k.type}
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => set([...value, blank(k.type, images)])}
            >
              {k.label}
            </Button>
          ))}
        </Space>
      ) : null}
    </div>
  );
}

/** The detail as the buyer's page renders it (DetailBody of the web app), beside the editor. */
export function DetailPreview({ blocks }: { blocks: DetailBlock[] }) {
  const shown = cleanDetail(blocks);
  if (!shown.length) return <div className={styles.previewEmpty}>详情为空时，买家页面的「商品详情」不显示内容</div>;
  return (
    <div className={styles.preview}>
      {shown.map((b, i) =>
        b.type === 'heading' ? (
          <h3 key={i}>{b.text}</h3>
        ) : b.type === 'text' ? (
          <p key={i}>{b.text}</p>
        ) : b.type === 'list' ? (
          <ul key={i}>
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <img key={i} src={b.src} alt={b.alt ?? ''} />
        ),
      )}
    </div>
  );
}
