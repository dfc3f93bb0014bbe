import { useEffect, useState } from 'react';
import { App, Button, Dropdown, Empty, Input, Space, Spin, Tag } from 'antd';
import { EyeOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ACTIVITY_PAGE_MAX_SECTIONS, ACTIVITY_PAGE_SECTION_NAMES, ACTIVITY_PAGE_SECTION_TYPES, type ConsoleActivityPageView } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { useCreatePage, usePageDetail, useUpdatePage } from '../api/activityPages.ts';
import { blankSection, canAdd, firstProblem, fromPage, move, toRequest, type EditSection } from '../components/page-form.ts';
import { PreviewModal } from '../components/PreviewModal.tsx';
import { SectionEditor } from '../components/SectionEditor.tsx';
import { usePageActions } from '../components/usePageActions.tsx';

const hint = { color: '#595959', fontSize: 12 } as const;

/** 新建 / 编辑活动页面: title, share subtitle and the sections in order; 保存, 预览, 上线. */
export default function ActivityPageEditPage() {
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const detail = usePageDetail(id);
  if (id !== null && detail.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (id !== null && detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  return <Editor key={id ?? 'new'} page={detail.data ?? null} />;
}

function Editor({ page }: { page: ConsoleActivityPageView | null }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreatePage();
  const update = useUpdatePage();
  const actions = usePageActions();
  const [title, setTitle] = useState(page?.title ?? '');
  const [shareSubtitle, setShareSubtitle] = useState(page?.shareSubtitle ?? '');
  const [sections, setSections] = useState<EditSection[]>(() => (page ? fromPage(page) : []));
  const [dirty, setDirty] = useState(false);
  const editable = !page || page.actions.includes('update');
  const location = useLocation();

  // 保存并预览 of a new page: saved, then opened here under its own address, where the preview opens.
  const previewOnArrival = (location.state as { preview?: boolean } | null)?.preview === true;
  useEffect(() => {
    if (!previewOnArrival || !page) return;
    void navigate(location.pathname, { replace: true, state: null });
    void actions.openPreview(page);
    // Once, on arrival.
  }, [previewOnArrival, page?.id]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const edit = (next: EditSection[]) => {
    setSections(next);
    setDirty(true);
  };

  /** Saves and answers the saved page, or null when refused (the reason shown). */
  async function save(thenPreview = false): Promise<ConsoleActivityPageView | null> {
    const problem = firstProblem(title, sections);
    if (problem) {
      void message.error(problem);
      return null;
    }
    const body = toRequest(title, shareSubtitle, sections);
    try {
      const saved = page ? await update.mutateAsync({ id: page.id, ...body }) : await create.mutateAsync(body);
      setDirty(false);
      void message.success(page ? '活动页面已保存' : '活动页面已创建（草稿），预览无误后上线');
      if (!page) {
        void navigate(`/activity-pages/${saved.id}/edit`, { replace: true, state: { preview: thenPreview } });
        return null;
      }
      return saved;
    } catch (e) {
      void message.error(errorMessage(e));
      return null;
    }
  }

  async function saveAndPreview() {
    const saved = editable && (dirty || !page) ? await save(true) : page;
    if (saved) await actions.openPreview(saved);
  }

  const saving = create.isPending || update.isPending;
  return (
    <>
      <PageContainer
        title={page ? `编辑活动页面` : '新建活动页面'}
        subTitle={page ? `/activity/${page.id}` : '保存后得到页面地址 /activity/编号'}
        extra={
          <Space wrap>
            {page ? <Tag color={page.status === 'PUBLISHED' ? '#237804' : undefined}>{page.statusText}</Tag> : null}
            <Button icon={<EyeOutlined />} onClick={() => void saveAndPreview()} loading={saving} data-testid="page-preview">
              {editable && (dirty || !page) ? '保存并预览' : '预览'}
            </Button>
            {editable ? (
              <Button type="primary" icon={<SaveOutlined />} onClick={() => void save()} loading={saving} data-testid="page-save">
                保存
              </Button>
            ) : null}
            {page?.actions.includes('publish') ? (
              <Button type="primary" disabled={dirty} onClick={() => actions.confirmPublish(page, () => void navigate('/activity-pages'))} data-testid="page-publish">
                上线
              </Button>
            ) : null}
            {page?.actions.includes('offline') ? (
              <Button danger onClick={() => actions.confirmOffline(page)}>
                下线
              </Button>
            ) : null}
          </Space>
        }
      >
        {!editable ? (
          <PageContainer.Section>
            <span>此页面已上线，买家正在访问；如需修改请先下线。</span>
          </PageContainer.Section>
        ) : null}
        <PageContainer.Section title="基本信息">
          <Space direction="vertical" style={{ width: '100%', maxWidth: 640 }}>
            <label htmlFor="page-title" style={{ fontWeight: 500 }}>
              页面标题
            </label>
            <Input
              id="page-title"
              value={title}
              maxLength={30}
              showCount
              disabled={!editable}
              placeholder="例如：双十二狂欢节"
              onChange={(e) => {
                setTitle(e.target.value);
                setDirty(true);
              }}
            />
            <label htmlFor="page-subtitle" style={{ fontWeight: 500 }}>
              分享副标题（选填）
            </label>
            <Input
              id="page-subtitle"
              value={shareSubtitle}
              maxLength={60}
              showCount
              disabled={!editable}
              placeholder="显示在标题下方，例如：好物低至 5 折"
              onChange={(e) => {
                setShareSubtitle(e.target.value);
                setDirty(true);
              }}
            />
          </Space>
        </PageContainer.Section>
        <PageContainer.Section
          title={`板块（${sections.length}/${ACTIVITY_PAGE_MAX_SECTIONS}）`}
          extra={
            editable ? (
              <Dropdown
                disabled={!canAdd(sections)}
                menu={{
                  items: ACTIVITY_PAGE_SECTION_TYPES.map((t) => ({ key: t, label: ACTIVITY_PAGE_SECTION_NAMES[t] })),
                  onClick: ({ key }) => edit([...sections, blankSection(key as EditSection['type'])]),
                }}
              >
                <Button icon={<PlusOutlined />} data-testid="add-section">
                  添加板块
                </Button>
              </Dropdown>
            ) : null
          }
        >
          {sections.length === 0 ? (
            <Empty description="还没有板块：点击“添加板块”，按买家看到的顺序添加横幅、倒计时、活动商品、优惠券或图文说明" />
          ) : (
            <fieldset disabled={!editable} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
              <Space direction="vertical" style={{ width: '100%' }} size={12}>
                {sections.map((s, i) => (
                  <SectionEditor
                    key={s.key}
                    s={s}
                    index={i}
                    count={sections.length}
                    change={(next) => edit(sections.map((x) => (x.key === s.key ? { ...next, key: s.key } : x)))}
                    moveBy={(by) => edit(move(sections, i, by))}
                    remove={() => edit(sections.filter((x) => x.key !== s.key))}
                  />
                ))}
              </Space>
            </fieldset>
          )}
          <div style={{ ...hint, marginTop: 12 }}>板块按此顺序从上到下显示；活动商品和倒计时只显示已排期的活动</div>
        </PageContainer.Section>
      </PageContainer>
      <PreviewModal src={actions.preview?.src ?? null} title={actions.preview?.title ?? ''} onClose={actions.closePreview} />
    </>
  );
}
