import {
  ACTIVITY_PAGE_MAX_SECTIONS,
  ACTIVITY_PAGE_SECTION_NAMES,
  type ActivityPageSectionInput,
  type ActivityPageSectionType,
  type ConsoleActivityPageView,
  type RichTextBlock,
} from '@mall/shared';

/**
 * The activity-page editor's pure parts: sections as the form holds them (each with a key for React),
 * added, moved and removed; the request the server takes; and the first thing missing, said the way
 * the server says it (第 N 个板块：…). The server checks everything again.
 */

export type EditSection = ActivityPageSectionInput & { key: string };

export interface PageRequest {
  title: string;
  shareSubtitle: string;
  sections: ActivityPageSectionInput[];
}

let seq = 0;
const nextKey = () => `s${++seq}`;

export function blankSection<T extends ActivityPageSectionType>(type: T): Extract<EditSection, { type: T }> {
  return blank(type) as Extract<EditSection, { type: T }>;
}

function blank(type: ActivityPageSectionType): EditSection {
  const key = nextKey();
  switch (type) {
    case 'banner':
      return { key, type, image: '', link: '' };
    case 'countdown':
      return { key, type, activityId: 0, label: '距活动结束' };
    case 'goods':
      return { key, type, activityId: 0, title: '活动商品' };
    case 'coupons':
      return { key, type, couponIds: [] };
    case 'richText':
      return { key, type, blocks: [{ type: 'paragraph', text: '' }] };
  }
}

export const fromPage = (p: ConsoleActivityPageView): EditSection[] => p.sections.map((s) => ({ ...s, key: nextKey() }));

export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

export const canAdd = (list: readonly unknown[]) => list.length < ACTIVITY_PAGE_MAX_SECTIONS;

const trimBlocks = (blocks: RichTextBlock[]) => blocks.map((b) => ({ type: b.type, text: b.text.trim() }));

export function toRequest(title: string, shareSubtitle: string, sections: readonly EditSection[]): PageRequest {
  return {
    title: title.trim(),
    shareSubtitle: shareSubtitle.trim(),
    sections: sections.map(({ key: _key, ...s }) => {
      if (s.type === 'banner') return { type: 'banner', image: s.image, ...(s.link?.trim() ? { link: s.link.trim() } : {}) };
      if (s.type === 'richText') return { type: 'richText', blocks: trimBlocks(s.blocks) };
      return s;
    }),
  };
}

/** The first problem the operator can fix before saving, or null. */
export function firstProblem(title: string, sections: readonly EditSection[]): string | null {
  if (!title.trim()) return '请填写页面标题';
  if (title.trim().length > 30) return '页面标题不能超过 30 个字符';
  for (const [i, s] of sections.entries()) {
    const at = `第 ${i + 1} 个板块（${ACTIVITY_PAGE_SECTION_NAMES[s.type]}）：`;
    if (s.type === 'banner' && !s.image) return `${at}请上传横幅图片`;
    if ((s.type === 'countdown' || s.type === 'goods') && !s.activityId) return `${at}请选择活动`;
    if (s.type === 'countdown' && !s.label.trim()) return `${at}请填写倒计时标题`;
    if (s.type === 'goods' && !s.title.trim()) return `${at}请填写商品板块标题`;
    if (s.type === 'coupons' && s.couponIds.length === 0) return `${at}请选择优惠券`;
    if (s.type === 'richText' && s.blocks.some((b) => !b.text.trim())) return `${at}请填写每一段文字，或删除空段落`;
  }
  return null;
}
