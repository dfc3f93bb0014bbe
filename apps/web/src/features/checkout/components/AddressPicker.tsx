import { useState } from 'react';
import { Button, Tag } from 'antd';
import { CheckCircleFilled, EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { maskMobile, type Address } from '@mall/shared';
import { AddressFormModal } from '../../address/components/AddressFormModal.tsx';
import { MAX_ADDRESSES } from '../../address/types.ts';

/** The checkout's address cards: one is chosen; a new one can be added without leaving the page. */
export function AddressPicker({ addresses, selectedId, onSelect }: { addresses: Address[]; selectedId: string | undefined; onSelect: (id: string) => void }) {
  const [adding, setAdding] = useState(false);
  return (
    <div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))', gap: 12 }} role="radiogroup" aria-label="收货地址">
        {addresses.map((a) => {
          const chosen = a.id === selectedId;
          return (
            <button
              key={a.id}
              type="button"
              role="radio"
              aria-checked={chosen}
              data-testid="checkout-address"
              onClick={() => onSelect(a.id)}
              style={{
                position: 'relative',
                textAlign: 'left',
                cursor: 'pointer',
                padding: '12px 16px',
                borderRadius: 8,
                background: chosen ? '#f7f2fb' : '#fff',
                border: `${chosen ? 2 : 1}px solid ${chosen ? '#a387bc' : '#e5e5e5'}`,
                minHeight: 96,
              }}
            >
              <div style={{ fontWeight: 600, color: '#333', marginBottom: 6 }}>
                {a.receiverName} <span style={{ fontWeight: 400, color: '#666', marginLeft: 8 }}>{maskMobile(a.mobile)}</span>
                {a.isDefault ? (
                  <Tag color="purple" style={{ marginLeft: 8 }}>
                    默认
                  </Tag>
                ) : null}
              </div>
              <div style={{ color: '#666', fontSize: 13, lineHeight: 1.6 }}>{a.fullAddress}</div>
              {chosen ? <CheckCircleFilled style={{ position: 'absolute', right: 10, bottom: 10, color: '#7b5a98', fontSize: 18 }} /> : null}
            </button>
          );
        })}
        {addresses.length < MAX_ADDRESSES ? (
          <button
            type="button"
            onClick={() => setAdding(true)}
            style={{ cursor: 'pointer', borderRadius: 8, border: '1px dashed #ccc', background: '#fafafa', color: '#6b6b6b', minHeight: 96 }}
          >
            <PlusOutlined /> 新增收货地址
          </button>
        ) : null}
      </div>
      {addresses.length === 0 ? (
        <div style={{ marginTop: 12, color: '#d0252b' }}>
          <EnvironmentOutlined /> 还没有收货地址，请先新增一个
        </div>
      ) : (
        <div style={{ marginTop: 8 }}>
          <Link to="/user/member/address">
            <Button type="link" size="small" style={{ padding: 0 }}>
              管理收货地址
            </Button>
          </Link>
        </div>
      )}
      <AddressFormModal open={adding} forceDefault={addresses.length === 0} onClose={() => setAdding(false)} onSaved={(a) => onSelect(a.id)} />
    </div>
  );
}
