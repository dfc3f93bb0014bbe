import { Button, Form, Input, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { DefaultBannersNote } from './DefaultBannersNote.tsx';
import { ImageUploadButton } from './ImageUpload.tsx';
import { SITE_LINK, SITE_LINK_MESSAGE } from './rules.ts';
import styles from './settings.module.css';

export const MAX_BANNERS = 10;

/** A banner's picture as a form control: the thumbnail and the button that uploads a new one. */
function BannerImageInput({
  value,
  onChange,
  index,
}: {
  value?: string;
  onChange?: (url: string) => void;
  index: number;
}) {
  return (
    <div className={styles.bannerImageBox}>
      <div className={styles.bannerImage}>
        {value ? (
          <img src={value} alt={`轮播图 ${index + 1}`} />
        ) : (
          <PictureOutlined className={styles.bannerPlaceholder} />
        )}
      </div>
      <ImageUploadButton size="small" onUploaded={(url) => onChange?.(url)}>
        {value ? '换一张' : '上传图片'}
      </ImageUploadButton>
    </div>
  );
}

/** 首页轮播图: each a picture (uploaded), a title and where it leads; in the order buyers see them. */
export function BannersField() {
  return (
    <Form.List name="banners">
      {(fields, { add, remove, move }, { errors }) => (
        <div className={styles.banners}>
          {fields.length === 0 ? <DefaultBannersNote /> : null}
          {fields.map((field, index) => (
            <div key={field.key} className={styles.banner} data-testid="banner-row">
              <div className={styles.bannerIndex}>{index + 1}</div>
              <Form.Item
                name={[field.name, 'image']}
                rules={[{ required: true, message: '请上传图片' }]}
                style={{ marginBottom: 0 }}
              >
                <BannerImageInput index={index} />
              </Form.Item>
              <div className={styles.bannerFields}>
                <Form.Item
                  name={[field.name, 'title']}
                  rules={[{ max: 30, message: '标题不能超过 30 个字符' }]}
                  style={{ marginBottom: 8 }}
                >
                  <Input placeholder="标题（选填）" maxLength={30} showCount />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'link']}
                  rules={[{ pattern: SITE_LINK, message: SITE_LINK_MESSAGE }]}
                  style={{ marginBottom: 0 }}
                >
                  <Input placeholder="点击后打开（选填）：/goods/123 或 https://…" maxLength={500} />
                </Form.Item>
              </div>
              <Space size={0} className={styles.bannerActions}>
                <Tooltip title="上移">
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label="上移"
                  />
                </Tooltip>
                <Tooltip title="下移">
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label="下移"
                  />
                </Tooltip>
                <Tooltip title="删除">
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label="删除"
                  />
                </Tooltip>
              </Space>
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_BANNERS}
            onClick={() => add({ image: '', title: '', link: '' })}
          >
            {fields.length >= MAX_BANNERS ? `最多 ${MAX_BANNERS} 张` : `添加轮播图（${fields.length}/${MAX_BANNERS}）`}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
