import { z } from 'zod';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { int, intId, pageQuery, text } from '../../lib/validation.ts';

/** Request bodies of the assistant's buyer routes; every refusal reads as one Chinese sentence. */

/** A uuid the buyer sends back; anything else reads as not found would, but is refused as malformed. */
export const uuidField = (label: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? `请填写${label}` : `${label}格式不正确`) })
    .trim()
    .regex(UUID_PATTERN, `${label}格式不正确`)
    .transform((v) => v.toLowerCase());

export const QUESTION_MAX_CHARS = 500;
export const TITLE_MAX_CHARS = 30;

/** Counted in characters as the buyer sees them (an emoji is one), not UTF-16 units. */
const question = z
  .string({ error: (iss) => (iss.input === undefined ? '请输入问题' : '问题格式不正确') })
  .trim()
  .min(1, '请输入问题')
  .refine((v) => [...v].length <= QUESTION_MAX_CHARS, `问题不能超过 ${QUESTION_MAX_CHARS} 个字`)
  .refine((v) => !v.includes('\u0000'), '问题含有不允许的字符');

export const contextField = z
  .object(
    {
      goodsId: intId('商品编号').optional(),
      keyword: text('搜索词', { min: 1, max: 50 }).optional(),
    },
    { error: '上下文格式不正确' },
  )
  .strip();

export const createSessionBody = z.object({ context: contextField.optional().nullable() });
export const sessionPageQuery = z.object(pageQuery);
export const sessionIdBody = z.object({ sessionId: uuidField('会话编号') });
export const renameBody = z.object({
  sessionId: uuidField('会话编号'),
  title: text('会话名称', { min: 1, max: TITLE_MAX_CHARS }),
});
export const chatBody = z
  .object({
    sessionId: uuidField('会话编号'),
    content: question.optional(),
    regenerate: uuidField('消息编号').optional(),
  })
  .refine((b) => b.content !== undefined || b.regenerate !== undefined, { message: '请输入问题' });
export const stopBody = z.object({ sessionId: uuidField('会话编号'), messageId: uuidField('消息编号') });
export const feedbackBody = z.object({
  messageId: uuidField('消息编号'),
  value: int('评价', { min: -1, max: 1, minMessage: '评价取值不正确', maxMessage: '评价取值不正确' }),
});

