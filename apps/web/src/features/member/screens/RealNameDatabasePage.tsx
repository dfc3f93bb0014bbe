import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Empty, List, Popconfirm, Skeleton, Space, Tag, Tooltip } from 'antd';
import { IdcardOutlined, PlusOutlined } from '@ant-design/icons';
import { useRealNames, type RealNameRecord } from '../../../lib/realNames.ts';
import { REAL_NAME_LIMIT, useDeleteRealName, useSetDefaultRealName } from '../api/realName.ts';
import { LoadError } from '../../../components/LoadError.tsx';
import { RealNameModal } from '../components/RealNameModal.tsx';
import { useFeedback } from '../../../lib/feedback.ts';
import { safeRedirect } from '../../../lib/redirect.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';

/**
 * 实名信息: name + ID number records, for customs clearance of cross-border goods and for joining a
 * distribution programme. Sent here from a screen that needs one (`?redirect=`), the page says where the
 * buyer will return and goes back there once a record is added.
 */
export default function RealNameDatabasePage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = safeRedirect(params.get('redirect'));
  const comingBack = back !== '/';
  const records = useRealNames();
  const phone = useIsPhone();
  const remove = useDeleteRealName();
  const setDefault = useSetDefaultRealName();
  /** undefined: closed; null: adding; a record: editing it. */
  const [editing, setEditing] = useState<RealNameRecord | null | undefined>(undefined);
  const count = records.data?.length ?? 0;
  const full = count >= REAL_NAME_LIMIT;

  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={full || records.isPending}
      onClick={() => setEditing(null)}
    >
      添加实名信息
    </Button>
  );

  return (
    <Card
      // On a phone the title bar above already says 实名信息; the count and the button keep the row.
      title={phone ? undefined : '实名信息'}
      extra={
        <Space>
          <span style={{ color: full ? '#ad4e00' : '#6b6b6b' }} data-testid="realname-count">
            {full ? `已达上限 ${REAL_NAME_LIMIT} 条，请先删除不用的` : `已添加 ${count} / ${REAL_NAME_LIMIT} 条`}
          </span>
          {full ? <Tooltip title={`最多保存 ${REAL_NAME_LIMIT} 条实名信息`}>{addButton}</Tooltip> : addButton}
        </Space>
      }
    >
      {comingBack ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="realname-coming-back"
          title="添加实名信息后将自动回到刚才的页面"
          action={<Link to={back}>返回</Link>}
        />
      ) : null}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="为什么需要实名信息？"
        description={
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            <li>购买跨境商品：按照海关规定，跨境商品以订购人本人的名义申报清关，须提供与支付人一致的真实姓名和身份证号码。</li>
            <li>申请成为分销员或推广员：佣金结算给本人，须使用本人实名信息。</li>
            <li>身份证号码加密保存，页面上只显示首末两位。</li>
          </ul>
        }
      />
      {records.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : records.isError ? (
        <LoadError onRetry={() => void records.refetch()} />
      ) : count === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有实名信息，购买跨境商品前请先添加">
          <Button type="primary" onClick={() => setEditing(null)}>
            添加实名信息
          </Button>
        </Empty>
      ) : (
        <List<RealNameRecord>
          dataSource={records.data}
          rowKey="id"
          renderItem={(r) => (
            <List.Item
              data-testid="realname-item"
              actions={[
                r.isDefault ? null : (
                  <Button
                    key="default"
                    type="link"
                    size="small"
                    loading={setDefault.isPending && setDefault.variables === r.id}
                    onClick={() => setDefault.mutate(r.id, { onSuccess: () => void message.success('已设为默认') })}
                  >
                    设为默认
                  </Button>
                ),
                <Button key="edit" type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>,
                <Popconfirm
                  key="delete"
                  title="删除这条实名信息？"
                  description="删除后购买跨境商品时需要重新填写"
                  okText="删除"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(r.id).then(() => void message.success('实名信息已删除'))}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>,
              ].filter(Boolean)}
            >
              <List.Item.Meta
                avatar={<IdcardOutlined style={{ fontSize: 28, color: '#7b5a98', marginTop: 4 }} />}
                title={
                  <Space>
                    <span data-testid="realname-name">{r.name}</span>
                    {r.isDefault ? <Tag color="purple">默认</Tag> : null}
                  </Space>
                }
                description={
                  <span style={{ fontFamily: 'monospace', letterSpacing: 1 }} data-testid="realname-number">
                    {r.idNumberMasked}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
      {editing !== undefined ? (
        <RealNameModal
          record={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            if (comingBack && editing === null) void navigate(back);
          }}
        />
      ) : null}
    </Card>
  );
}
