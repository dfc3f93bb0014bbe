import { useState } from 'react';
import { Alert, Button, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { maskMobile, type Address } from '@mall/shared';
import { EmptyState, Loading, Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { useAddresses } from '../api/getAddresses.ts';
import { useDeleteAddress } from '../api/deleteAddress.ts';
import { useSetDefaultAddress } from '../api/setDefaultAddress.ts';
import { AddressFormModal } from '../components/AddressFormModal.tsx';
import { MAX_ADDRESSES } from '../types.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useFeedback } from '../../../lib/feedback.ts';

/** /user/member/address: the member's shipping addresses (at most 20). */
export default function AddressPage() {
  const { message } = useFeedback();
  const list = useAddresses();
  const remove = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  const [editing, setEditing] = useState<Address | null>(null);
  const [open, setOpen] = useState(false);
  const addresses = list.data ?? [];
  const full = addresses.length >= MAX_ADDRESSES;
  const phone = useIsPhone();

  const openForm = (a: Address | null) => {
    setEditing(a);
    setOpen(true);
  };

  const columns: TableColumnsType<Address> = [
    { title: '收货人', dataIndex: 'receiverName', width: 110 },
    { title: '手机号', key: 'mobile', width: 130, render: (_, a) => maskMobile(a.mobile) },
    {
      title: '收货地址',
      key: 'address',
      render: (_, a) => (
        <span>
          {a.fullAddress}
          {a.isDefault ? (
            <Tag color="purple" style={{ marginLeft: 8 }}>
              默认
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_, a) => (
        <Space size={4} direction={phone ? 'vertical' : 'horizontal'} align={phone ? 'end' : undefined}>
          <Button type="link" size="small" onClick={() => openForm(a)}>
            编辑
          </Button>
          <Popconfirm
            title="删除收货地址"
            description="确定删除这个地址吗？"
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(a.id).then(() => void message.success('地址已删除'))}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
          {a.isDefault ? null : (
            <Button
              type="link"
              size="small"
              loading={setDefault.isPending && setDefault.variables === a.id}
              onClick={() => setDefault.mutate(a.id, { onSuccess: () => void message.success('已设为默认地址') })}
            >
              设为默认
            </Button>
          )}
        </Space>
      ),
    },
  ];

  // On a phone: one column with receiver, mobile and address, the actions under each other.
  const phoneColumns: TableColumnsType<Address> = [
    {
      title: '收货地址',
      key: 'address',
      render: (_, a) => (
        <div>
          <b>{a.receiverName}</b> <span style={{ color: '#666' }}>{maskMobile(a.mobile)}</span>
          {a.isDefault ? (
            <Tag color="purple" style={{ marginLeft: 8 }}>
              默认
            </Tag>
          ) : null}
          <div style={{ color: '#666', fontSize: 13 }}>{a.fullAddress}</div>
        </div>
      ),
    },
    { ...columns[columns.length - 1]!, width: 96 },
  ];

  return (
    <Panel
      style={phone ? { padding: 12 } : undefined}
      title="收货地址"
      extra={
        <Space>
          {phone ? null : (
            <span style={{ color: '#6b6b6b' }}>
              已保存 {addresses.length} 个，最多 {MAX_ADDRESSES} 个
            </span>
          )}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={full || list.isLoading}
            onClick={() => openForm(null)}
          >
            新增收货地址
          </Button>
        </Space>
      }
    >
      {full ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`收货地址最多 ${MAX_ADDRESSES} 个，请先删除不用的地址再添加`}
        />
      ) : null}
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : addresses.length === 0 ? (
        <EmptyState
          text="还没有收货地址"
          action={
            <Button type="primary" onClick={() => openForm(null)}>
              新增收货地址
            </Button>
          }
        />
      ) : (
        <Table
          rowKey="id"
          columns={phone ? phoneColumns : columns}
          dataSource={addresses}
          pagination={false}
          data-testid="address-table"
        />
      )}
      <AddressFormModal
        open={open}
        address={editing}
        forceDefault={addresses.length === 0}
        onClose={() => setOpen(false)}
      />
    </Panel>
  );
}
