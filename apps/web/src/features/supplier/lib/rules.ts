import type { FormInstance, FormRule as Rule } from 'antd';
import { RequestError } from '../../../lib/request.ts';
import { fieldOfMessage } from './fieldErrors.ts';

// Control characters (and the invisible bidi marks) are refused by the server; say so here first.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

/** A text field of the application: required, its length by characters, no control characters. */
export function textRules(label: string, min: number, max: number, required = true, newlines = false): Rule[] {
  return [
    ...(required ? [{ required: true, whitespace: true, message: `请填写${label}` }] : []),
    {
      validator: (_: unknown, raw: string | undefined) => {
        const v = (raw ?? '').trim();
        if (!v) return Promise.resolve();
        if ((newlines ? CONTROL_BUT_NEWLINE : CONTROL).test(v)) return Promise.reject(new Error(`${label}含有不允许的字符`));
        const n = [...v].length;
        if (n > max) return Promise.reject(new Error(`${label}不能超过 ${max} 个字`));
        if (n < min) return Promise.reject(new Error(`${label}至少 ${min} 个字`));
        return Promise.resolve();
      },
    },
  ];
}

/** A field checked by a function that names its problem (null when there is none). */
export function problemRule(problem: (v: string) => string | null): Rule {
  return {
    validator: (_: unknown, v: string | undefined) => {
      const found = problem(v ?? '');
      return found ? Promise.reject(new Error(found)) : Promise.resolve();
    },
  };
}

export const trimmed = (v: string | undefined) => (v ?? '').trim();

/**
 * A refused save: the message goes beside its field when it names one of the step's fields, and is
 * returned (for above the buttons) when it does not.
 */
export function showRefusal(form: FormInstance, fields: readonly string[], err: unknown): string | null {
  const message = err instanceof Error ? err.message : '保存失败，请稍后重试';
  const named = err instanceof RequestError && err.data && typeof err.data === 'object' ? (err.data as { field?: unknown }).field : undefined;
  const field = fieldOfMessage(message, fields, named);
  if (field) {
    form.setFields([{ name: field, errors: [message] }]);
    form.scrollToField(field, { block: 'center' });
    return null;
  }
  return message;
}
