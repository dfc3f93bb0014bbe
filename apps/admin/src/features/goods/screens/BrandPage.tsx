import { useState } from 'react';
import { App, Button, Input, InputNumber, Space, Table, Tooltip, Upload, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatCount } from '../../../lib/format.ts';
import { Can, usePermission } from '../../../lib/permission.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { useDeleteBrand } from '../api/deleteBrand.ts';
import { useBrandPage } from '../api/getBrandPage.ts';
import { useSaveBrand } from '../api/saveBrand.ts';
import type { Brand } from '../api/types.ts';
import { uploadGoodsImage } from '../api/uploadGoodsImage.ts';
import { fileProblem } from '../components/ImageListEditor.tsx';
import { TaxonomyDeleteButton } from '../components/TaxonomyDeleteButton.tsx';
import styles from '../components/Taxonomy.module.css';
import { serverPagination } from '../../../lib/pagination.ts';

const NEW_ID = -1;

interface Editing {
  id: number;
  name: string;
  alias: string;
  logo: string | null;
  sort: number;
}

function Logo({ brand }: { brand: Pick<Brand, 'name' | 'logo'> }) {
  return brand.logo ? (
    <img src={brand.logo} alt="" className={styles.logo} />
  ) : (
    <span className={styles.logoEmpty}>{Array.from(brand.name)[0] ?? '?'}</span>
  );
}

/**
 * 品牌: the table edited in place (名称, 英文名, 标志, 排序), searched by name or 英文名 and paged on
 * the server; a brand goods still use cannot be deleted. A rename reaches the buyer's search at once.
 */
export default function BrandPage() {
  const { message } = App.useApp();
  const canEdit = usePermission('goods:edit');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ keyword: undefined as string | undefined, pageNum: 1, pageSize: 20 });
  const page = useBrandPage(query);
  const save = useSaveBrand();
  const remove = useDeleteBrand();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [uploading, setUploading] = useState(false);

  const rows: Brand[] =
    editing?.id === NEW_ID
      ? [{ id: NEW_ID, name: '', alias: null, logo: null, sortOrder: 0, goodsCount: 0 }, ...(page.data?.list ?? [])]
      : (page.data?.list ?? []);

  const commit = async () => {
    if (!editing) return;
    const name = editing.name.trim();
    if (!name) {
      void message.warning('请填写品牌名称');
      return;
    }
    try {
      await save.mutateAsync({
        ...(editing.id === NEW_ID ? {} : { id: editing.id }),
        name,
        alias: editing.alias.trim() || null,
        logo: editing.logo,
        sort: editing.sort,
      });
      void message.success(editing.id === NEW_ID ? `已添加品牌「${name}」` : '品牌已保存');
      setEditing(null);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  const uploadLogo = async (file: File) => {
    const problem = fileProblem(file);
    if (problem) return void message.error(problem);
    setUploading(true);
    try {
      const stored = await uploadGoodsImage(file);
      setEditing((e) => (e ? { ...e, logo: stored.url } : e));
    } catch (err) {
      void message.error(errorMessage(err, '图片上传失败，请重试'));
    } finally {
      setUploading(false);
    }
  };

  const isEditing = (b: Brand) => editing?.id === b.id;

  const columns: TableColumnsType<Brand> = [
    {
      title: '标志',
      key: 'logo',
      width: 130,
      render: (_, b) =>
        isEditing(b) ? (
          <div className={styles.logoEdit}>
            <Logo brand={{ name: editing!.name || '?', logo: editing!.logo }} />
            <Upload
              accept="image/jpeg,image/png,image/webp"
              showUploadList={false}
              beforeUpload={(f) => (void uploadLogo(f), Upload.LIST_IGNORE)}
            >
              <Tooltip title="上传标志">
                <Button size="small" icon={<UploadOutlined />} loading={uploading} aria-label="上传品牌标志" />
              </Tooltip>
            </Upload>
            {editing!.logo ? (
              <Tooltip title="去掉标志">
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="去掉品牌标志"
                  onClick={() => setEditing({ ...editing!, logo: null })}
                />
              </Tooltip>
            ) : null}
          </div>
        ) : (
          <Logo brand={b} />
        ),
    },
    {
      title: '品牌名称',
      key: 'name',
      render: (_, b) =>
        isEditing(b) ? (
          <Input
            autoFocus
            size="small"
            className={styles.nameInput}
            maxLength={30}
            value={editing!.name}
            placeholder="品牌名称，如 华为"
            aria-label="品牌名称"
            onChange={(e) => setEditing({ ...editing!, name: e.target.value })}
            onPressEnter={() => void commit()}
          />
        ) : (
          <span className={styles.name}>{b.name}</span>
        ),
    },
    {
      title: '英文名 / 别名',
      key: 'alias',
      render: (_, b) =>
        isEditing(b) ? (
          <Input
            size="small"
            className={styles.nameInput}
            maxLength={50}
            value={editing!.alias}
            placeholder="如 HUAWEI（买家也能用它搜到）"
            aria-label="英文名"
            onChange={(e) => setEditing({ ...editing!, alias: e.target.value })}
            onPressEnter={() => void commit()}
          />
        ) : (
          b.alias || <span className={styles.muted}>—</span>
        ),
    },
    {
      title: '排序',
      key: 'sort',
      width: 110,
      render: (_, b) =>
        isEditing(b) ? (
          <InputNumber
            size="small"
            min={0}
            max={9999}
            precision={0}
            value={editing!.sort}
            aria-label="排序"
            onChange={(v) => setEditing({ ...editing!, sort: v ?? 0 })}
          />
        ) : (
          <span className={styles.muted}>{b.sortOrder}</span>
        ),
    },
    {
      title: '商品数',
      key: 'goods',
      width: 100,
      render: (_, b) =>
        b.id === NEW_ID ? null : b.goodsCount ? (
          <Link to={`/goods?brandId=${b.id}`}>{formatCount(b.goodsCount)}</Link>
        ) : (
          <span className={styles.muted}>0</span>
        ),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'action',
            width: 150,
            render: (_: unknown, b: Brand) =>
              isEditing(b) ? (
                <Space size={0}>
                  <Button type="link" size="small" loading={save.isPending} onClick={() => void commit()}>
                    保存
                  </Button>
                  <Button type="link" size="small" onClick={() => setEditing(null)}>
                    取消
                  </Button>
                </Space>
              ) : (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    disabled={editing !== null}
                    onClick={() =>
                      setEditing({ id: b.id, name: b.name, alias: b.alias ?? '', logo: b.logo, sort: b.sortOrder })
                    }
                  >
                    编辑
                  </Button>
                  <TaxonomyDeleteButton
                    blocked={b.goodsCount > 0 ? `还有 ${b.goodsCount} 件商品使用该品牌` : null}
                    disabled={editing !== null}
                    title={`删除品牌「${b.name}」？`}
                    onConfirm={async () => {
                      await remove.mutateAsync(b.id);
                      void message.success(`已删除品牌「${b.name}」`);
                    }}
                  />
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <PageContainer
      subTitle="品牌名和英文名都能被买家搜到；改名后商品立即跟着变"
      extra={
        <Can permission="goods:edit">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={editing !== null}
            onClick={() => setEditing({ id: NEW_ID, name: '', alias: '', logo: null, sort: 0 })}
          >
            新增品牌
          </Button>
        </Can>
      }
    >
      <PageContainer.Section>
        <div className={styles.toolbar}>
          <Input.Search
            allowClear
            enterButton={<SearchOutlined />}
            placeholder="品牌名称或英文名"
            value={search}
            maxLength={50}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => setQuery({ ...query, keyword: v.trim() || undefined, pageNum: 1 })}
            style={{ width: 300 }}
            aria-label="搜索品牌"
          />
          <span className={styles.muted}>{page.data ? `共 ${formatCount(page.data.total)} 个品牌` : ''}</span>
        </div>
        {page.isError && !page.data ? (
          <LoadError error={page.error} onRetry={() => void page.refetch()} />
        ) : (
          <Table<Brand>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={page.isFetching}
            size="middle"
            rowClassName={(b) => (isEditing(b) ? (styles.editingRow ?? '') : '')}
            onChange={(p) => {
              setEditing(null);
              setQuery({ ...query, pageNum: p.current ?? 1, pageSize: p.pageSize ?? query.pageSize });
            }}
            pagination={serverPagination({
              pageNum: query.pageNum,
              pageSize: query.pageSize,
              total: page.data?.total,
              totalText: (t) => `共 ${formatCount(t)} 个`,
            })}
            locale={{ emptyText: query.keyword ? `没有名称包含「${query.keyword}」的品牌` : '还没有品牌' }}
          />
        )}
      </PageContainer.Section>
    </PageContainer>
  );
}
