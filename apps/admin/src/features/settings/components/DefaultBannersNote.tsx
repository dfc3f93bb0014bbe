import { Alert, Tag } from 'antd';
import { DEFAULT_BANNER_CATEGORIES } from '@mall/shared';
import { useDefaultBannerCategories } from '../api/getBuyerHomeCategories.ts';
import styles from './settings.module.css';

/**
 * What buyers see while no banner is set: not an empty carousel but one banner made for each of the first
 * top-level categories (its name, a slogan, its sub-categories; a click opens the category). Named here
 * so that the operator knows what the home shows and how to replace it.
 */
export function DefaultBannersNote() {
  const categories = useDefaultBannerCategories();
  const names = categories.data ?? [];
  const title = categories.isPending
    ? '买家首页正在展示默认轮播图'
    : names.length
      ? `买家首页正在展示 ${names.length} 张默认轮播图`
      : '买家首页的轮播区现在是空的：还没有可展示的一级分类';
  return (
    <Alert
      type="info"
      showIcon
      className={styles.defaultBanners}
      data-testid="default-banners"
      title={title}
      description={
        <>
          {names.length ? (
            <div className={styles.defaultBannerNames} aria-label="默认轮播图">
              {names.map((name, i) => (
                <Tag key={`${i}-${name}`} color="purple">
                  {i + 1}. {name}
                </Tag>
              ))}
            </div>
          ) : null}
          <div>
            没有设置轮播图时，首页按前 {DEFAULT_BANNER_CATEGORIES}{' '}
            个一级分类各生成一张：显示分类名、一句标语和其下的子分类，点击进入该分类，随分类的名称和顺序变化。
          </div>
          <div>
            要换成自己的图片：点下方「添加轮播图」上传图片并保存，首页就只轮播您添加的图片；全部删除并保存后恢复默认轮播图。
          </div>
        </>
      }
    />
  );
}
