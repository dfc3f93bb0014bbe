import { useMemo, useState } from 'react';
import { App, Button, Input, InputNumber, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatCount } from '../../../lib/format.ts';
import { Can, usePermission } from '../../../lib/permission.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { useDeleteCategory } from '../api/deleteCategory.ts';
import { useScopedCategoryTree } from '../api/getStoreCategoryTree.ts';
import { useSaveCategory } from '../api/saveCategory.ts';
import { LEVEL_NAMES, NEW_ID, parentIds, treeRows, type CategoryRow } from '../lib/category-tree.ts';
import { TaxonomyDeleteButton } from '../components/TaxonomyDeleteButton.tsx';
import styles from '../components/Taxonomy.module.css';

interface Editing {
  id: number;
  parentId: number | null;
  level: number;
  name: string;
  sort: number;
}

/**
 * 分类: the tree buyers see, edited in place: 添加子分类, 编辑 (name and 排序) in the row, 删除 after a
 * confirmation (refused while goods or children use it). Changes reach the buyer's pages at once.
 */
export default function CategoryPage() {
  const tree = useScopedCategoryTree();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const { message } = App.useApp();
  const canEdit = usePermission('goods:edit');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [expanded, setExpanded] = useState<number[]>([]);

  const adding = editing && editing.id === NEW_ID ? { parentId: editing.parentId, level: editing.level } : null;
  const rows = useMemo(
    () => treeRows(tree.data ?? [], keyword, adding),
    [tree.data, keyword, adding?.parentId, adding?.level],
  );
  const allParents = useMemo(() => parentIds(rows), [rows]);
  // a search shows what it found unfolded
  const shownExpanded = keyword.trim() ? allParents : expanded;

  const startAdd = (parent: CategoryRow | null) => {
    // a new category goes after its siblings unless the operator says otherwise
    const siblings = parent ? (parent.children ?? []) : (tree.data ?? []);
    const sort = Math.min(9999, Math.max(-1, ...siblings.filter((c) => c.id !== NEW_ID).map((c) => c.sortOrder)) + 1);
    setEditing({ id: NEW_ID, parentId: parent?.id ?? null, level: (parent?.level ?? 0) + 1, name: '', sort });
    if (parent) setExpanded((e) => (e.includes(parent.id) ? e : [...e, parent.id]));
  };

  const commit = async () => {
    if (!editing) return;
    const name = editing.name.trim();
    if (!name) {
      void message.warning('请填写分类名称');
      return;
    }
    try {
      await save.mutateAsync({
        ...(editing.id === NEW_ID ? { parentId: editing.parentId } : { id: editing.id }),
        name,
        sort: editing.sort,
      });
      void message.success(editing.id === NEW_ID ? `已添加分类「${name}」` : '分类已保存');
      setEditing(null);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  const editingRow = (r: CategoryRow) =>
    editing !== null && editing.id === r.id && (r.id !== NEW_ID || editing.parentId === r.parentId);

  const columns: TableColumnsType<CategoryRow> = [
    {
      title: '分类名称',
      key: 'name',
      render: (_, r) =>
        editingRow(r) ? (
          <Input
            autoFocus
            size="small"
            className={styles.nameInput}
            value={editing!.name}
            maxLength={20}
            placeholder={`${LEVEL_NAMES[r.level]}分类名称`}
            aria-label="分类名称"
            onChange={(e) => setEditing({ ...editing!, name: e.target.value })}
            onPressEnter={() => void commit()}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
          />
        ) : (
          <span className={styles.name}>{r.name}</span>
        ),
    },
    {
      title: '层级',
      key: 'level',
      width: 90,
      render: (_, r) => (
        <Tag variant="filled" color={['', 'purple', 'geekblue', 'cyan'][r.level]}>
          {LEVEL_NAMES[r.level]}
        </Tag>
      ),
    },
    {
      title: '排序',
      key: 'sort',
      width: 120,
      render: (_, r) =>
        editingRow(r) ? (
          <InputNumber
            size="small"
            min={0}
            max={9999}
            precision={0}
            value={editing!.sort}
            aria-label="排序"
            onChange={(v) => setEditing({ ...editing!, sort: v ?? 0 })}
            onPressEnter={() => void commit()}
          />
        ) : (
          <span className={styles.muted}>{r.sortOrder}</span>
        ),
    },
    {
      title: '商品数',
      key: 'goods',
      width: 100,
      render: (_, r) =>
        r.id === NEW_ID ? null : r.goodsCount ? (
          <Link to={`/goods?categoryId=${r.id}`}>{formatCount(r.goodsCount)}</Link>
        ) : (
          <span className={styles.muted}>0</span>
        ),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'action',
            width: 230,
            render: (_: unknown, r: CategoryRow) => {
              if (editingRow(r)) {
                return (
                  <Space size={0}>
                    <Button type="link" size="small" loading={save.isPending} onClick={() => void commit()}>
                      保存
                    </Button>
                    <Button type="link" size="small" onClick={() => setEditing(null)}>
                      取消
                    </Button>
                  </Space>
                );
              }
              const hasChildren = !!r.children?.some((c) => c.id !== NEW_ID);
              const leafWithGoods = !hasChildren && r.goodsCount > 0;
              const blocked = hasChildren
                ? '下面还有子分类'
                : r.goodsCount > 0
                  ? `下面还有 ${r.goodsCount} 件商品`
                  : null;
              return (
                <Space size={0}>
                  {r.level < 3 ? (
                    <Tooltip title={leafWithGoods ? '该分类下有商品，不能再添加子分类' : undefined}>
                      <Button
                        type="link"
                        size="small"
                        disabled={leafWithGoods || editing !== null}
                        onClick={() => startAdd(r)}
                      >
                        添加子分类
                      </Button>
                    </Tooltip>
                  ) : null}
                  <Button
                    type="link"
                    size="small"
                    disabled={editing !== null}
                    onClick={() =>
                      setEditing({ id: r.id, parentId: r.parentId, level: r.level, name: r.name, sort: r.sortOrder })
                    }
                  >
                    编辑
                  </Button>
                  <TaxonomyDeleteButton
                    blocked={blocked}
                    disabled={editing !== null}
                    title={`删除分类「${r.name}」？`}
                    description="删除后买家的分类中不再显示它。"
                    onConfirm={async () => {
                      await remove.mutateAsync(r.id);
                      void message.success(`已删除分类「${r.name}」`);
                    }}
                  />
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <PageContainer
      subTitle="买家在首页和分类页看到的就是这棵树；同级按排序数字从小到大排列"
      extra={
        <Can permission="goods:edit">
          <Button type="primary" icon={<PlusOutlined />} disabled={editing !== null} onClick={() => startAdd(null)}>
            新增一级分类
          </Button>
        </Can>
      }
    >
      <PageContainer.Section>
        <div className={styles.toolbar}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="搜索分类名称"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ width: 260 }}
            aria-label="搜索分类"
          />
          <Space>
            <Button onClick={() => setExpanded(parentIds(treeRows(tree.data ?? [], '', null)))}>展开全部</Button>
            <Button onClick={() => setExpanded([])}>收起全部</Button>
          </Space>
        </div>
        {tree.isError ? (
          <LoadError error={tree.error} onRetry={() => void tree.refetch()} />
        ) : (
          <Table<CategoryRow>
            rowKey={(r) => (r.id === NEW_ID ? `new-${r.parentId ?? 'top'}` : r.id)}
            columns={columns}
            dataSource={rows}
            loading={tree.isLoading}
            pagination={false}
            size="middle"
            expandable={{
              expandedRowKeys: shownExpanded,
              onExpandedRowsChange: (keys) => setExpanded(keys as number[]),
              indentSize: 24,
            }}
            rowClassName={(r) => (editingRow(r) ? (styles.editingRow ?? '') : '')}
            locale={{ emptyText: keyword ? `没有名称包含「${keyword}」的分类` : '还没有分类' }}
          />
        )}
      </PageContainer.Section>
    </PageContainer>
  );
}
