import { App, Button, Card, Space, Tag } from 'antd';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { useSaveSettings } from '../api/saveSetting.ts';
import type { SettingViews } from '../types.ts';
import { ImageUploadButton } from './ImageUpload.tsx';
import styles from './settings.module.css';

/**
 * 浏览器图标 (buyerIcon): the favicon of the buyer's pages. An uploaded picture takes effect at once
 * (buyers see it on their next page load); 恢复默认 goes back to the shop's own icon.
 */
export function BuyerIconCard({ settings }: { settings: SettingViews }) {
  const { message } = App.useApp();
  const save = useSaveSettings();
  const icon = settings.buyerIcon;
  const isDefault = icon.value === icon.default;

  const change = async (url: string, done: string) => {
    try {
      await save.mutateAsync([{ key: 'buyerIcon', value: url }]);
      void message.success(done);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  return (
    <Card
      title="浏览器图标"
      variant="borderless"
      data-testid="buyer-icon-card"
      extra={isDefault ? <Tag variant="filled">默认图标</Tag> : <Tag color="purple">已自定义</Tag>}
    >
      <div className={styles.iconRow}>
        <div className={styles.tabMock} aria-label="浏览器标签预览">
          <img src={icon.value} alt="当前浏览器图标" className={styles.tabIcon} data-testid="buyer-icon-preview" />
          <span className={styles.tabTitle}>{settings.siteName.value}</span>
          <span className={styles.tabClose}>×</span>
        </div>
        <div className={styles.iconTile}>
          <img src={icon.value} alt="" />
        </div>
      </div>
      <div className={styles.hint}>
        买家端浏览器标签上的小图标。建议上传 64×64 或更大的正方形 PNG（支持 PNG、JPG、WebP，不超过
        5MB）。保存后买家刷新页面即可看到。
      </div>
      <Space wrap>
        <ImageUploadButton type="primary" onUploaded={(url) => change(url, '浏览器图标已更新')}>
          上传新图标
        </ImageUploadButton>
        {isDefault ? (
          <Button disabled>恢复默认</Button>
        ) : (
          <ConfirmButton
            danger={false}
            title="恢复默认浏览器图标？"
            description="买家端将改回商城默认图标。"
            okText="恢复默认"
            onConfirm={() => change(icon.default, '已恢复默认图标')}
          >
            恢复默认
          </ConfirmButton>
        )}
      </Space>
    </Card>
  );
}
