import { z } from 'zod';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { flag, text } from '../../lib/validation.ts';

/** Middle dots buyers type for names such as 阿依古丽·买买提, read as the one GB 18030 uses (U+00B7). */
const normaliseDots = (v: unknown) => (typeof v === 'string' ? v.replace(/[•・･．]/g, '·') : v);

const name = z.preprocess(
  normaliseDots,
  text('姓名', {
    min: 1,
    max: 20,
    pattern: /^\p{Script=Han}(?:\p{Script=Han}|·(?=\p{Script=Han}))+$/u,
    patternMessage: '姓名须为 2–20 个汉字，少数民族姓名可用“·”分隔',
  }),
);

/** Shape only; the GB 11643 checks (and their own messages) run in the service. */
const idNumber = text('身份证号码', { min: 1, max: 32 });

const recordId = text('实名信息编号', { min: 1, max: 36, pattern: UUID_PATTERN, patternMessage: '实名信息编号格式不正确' });

export const addBody = z.object({ name, idNumber, isDefault: flag('设为默认').optional() });

export const updateBody = z
  .object({ id: recordId, name: name.optional(), idNumber: idNumber.optional(), isDefault: flag('设为默认').optional() })
  .refine((b) => b.name !== undefined || b.idNumber !== undefined || b.isDefault !== undefined, '请填写要修改的内容');

export const idBody = z.object({ id: recordId });
