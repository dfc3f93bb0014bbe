import type { FormInstance } from 'antd';
import { Code } from '@mall/shared';
import { RequestError } from '../../../lib/request.ts';

/** Which field a refusal belongs to: by its reply code, or for 400 by the field its message names. */
export interface RefusalPlaces<T> {
  byCode?: Partial<Record<number, keyof T & string>>;
  byWord?: [RegExp, keyof T & string][];
}

/**
 * Puts the server's refusal under its field, where it stays until the buyer edits that field (a
 * toast would vanish before it is read). Answers the text when no field fits, for the form to show
 * above its button.
 */
export function placeRefusal<T>(form: FormInstance<T>, err: unknown, places: RefusalPlaces<T>, fallback: string): string | null {
  const text = (err instanceof Error && err.message) || fallback;
  const code = err instanceof RequestError ? err.code : undefined;
  const field =
    (code !== undefined ? places.byCode?.[code] : undefined) ??
    (code === Code.BAD_REQUEST ? places.byWord?.find(([words]) => words.test(text))?.[1] : undefined);
  if (!field) return text;
  form.setFields([{ name: field as never, errors: [text] }]);
  form.scrollToField(field as never, { block: 'center' });
  return null;
}

/** Refusals of sending a code (interval, daily cap, bad number) belong to the mobile field. */
export const SEND_CODE_PLACES = {
  byCode: { [Code.SMS_SEND_LIMIT]: 'mobileNumber', [Code.TOO_MANY_REQUESTS]: 'mobileNumber', [Code.BAD_REQUEST]: 'mobileNumber' },
} as const;
