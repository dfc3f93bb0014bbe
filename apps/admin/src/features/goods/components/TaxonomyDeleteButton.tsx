import { Button, Tooltip } from 'antd';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';

/**
 * 删除 of a brand or a category row. While goods (or child categories) still use it, the button is
 * greyed with the reason on hover rather than letting the server refuse; otherwise it asks first.
 */
export function TaxonomyDeleteButton({
  blocked,
  disabled,
  title,
  description,
  onConfirm,
}: {
  /** Why it may not go (还有 3 件商品使用该品牌), or null. */
  blocked: string | null;
  /** Another row is being edited. */
  disabled: boolean;
  title: string;
  description?: string;
  onConfirm: () => Promise<unknown>;
}) {
  if (blocked)
    return (
      <Tooltip title={`${blocked}，不能删除`}>
        <Button type="link" size="small" danger disabled>
          删除
        </Button>
      </Tooltip>
    );
  return (
    <ConfirmButton
      type="link"
      size="small"
      disabled={disabled}
      title={title}
      description={description}
      okText="删除"
      onConfirm={onConfirm}
    >
      删除
    </ConfirmButton>
  );
}
