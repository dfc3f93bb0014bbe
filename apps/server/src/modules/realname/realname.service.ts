import { Code } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { checkIdNumber, maskIdNumber } from './id-number.ts';
import { encryptIdNumber, idNumberHash } from './id-crypto.ts';
import * as repo from './realname.repo.ts';
import { isUuid } from '../../lib/ids.ts';

export const REAL_NAME_LIMIT = 5;

export interface RealNameView {
  id: string;
  name: string;
  idNumberMasked: string;
  isDefault: boolean;
  createdAt: string;
}

/** Every reply shows the number masked, never in clear (the clear number is not even read back). */
function present(row: repo.RealNameRow): RealNameView {
  return {
    id: row.id,
    name: row.name,
    idNumberMasked: row.idMasked,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GB 11643 checks, then the stored forms: ciphertext, keyed hash and masked text. */
function sealIdNumber(ctx: AppContext, memberId: string, input: string) {
  const checked = checkIdNumber(input);
  if (!checked.ok) throw new AppError(Code.REAL_NAME_INVALID, checked.message);
  return {
    idCipher: encryptIdNumber(ctx.secrets, memberId, checked.value),
    idHash: idNumberHash(ctx.secrets, checked.value),
    idMasked: maskIdNumber(checked.value),
  };
}

const missing = () => notFound('实名信息不存在或已删除');

export async function listRealNames(ctx: AppContext, memberId: string): Promise<RealNameView[]> {
  return (await repo.listForMember(ctx.db, memberId)).map(present);
}

export async function countRealNames(db: DbOrTx, memberId: string): Promise<number> {
  return repo.countForMember(db, memberId);
}

export async function addRealName(
  ctx: AppContext,
  memberId: string,
  input: { name: string; idNumber: string; isDefault?: boolean },
): Promise<RealNameView> {
  const sealed = sealIdNumber(ctx, memberId, input.idNumber);
  return ctx.db.transaction(async (tx) => {
    await repo.lockMemberRealNames(tx, memberId);
    const existing = await repo.countForMember(tx, memberId);
    if (existing >= REAL_NAME_LIMIT) throw new AppError(Code.REAL_NAME_LIMIT, `实名信息最多保存 ${REAL_NAME_LIMIT} 条，请先删除不用的`);
    if (await repo.findDuplicate(tx, memberId, sealed.idHash)) throw new AppError(Code.REAL_NAME_DUPLICATE);
    // The first record is the default; a later one only when asked.
    const isDefault = existing === 0 || input.isDefault === true;
    if (isDefault) await repo.clearDefault(tx, memberId);
    return present(await repo.insertRealName(tx, { memberId, name: input.name, ...sealed, isDefault }));
  });
}

export async function updateRealName(
  ctx: AppContext,
  memberId: string,
  input: { id: string; name?: string; idNumber?: string; isDefault?: boolean },
): Promise<RealNameView> {
  const sealed = input.idNumber !== undefined ? sealIdNumber(ctx, memberId, input.idNumber) : undefined;
  return ctx.db.transaction(async (tx) => {
    await repo.lockMemberRealNames(tx, memberId);
    const row = await repo.findOwned(tx, memberId, input.id);
    if (!row) throw missing();
    if (sealed && (await repo.findDuplicate(tx, memberId, sealed.idHash, row.id))) {
      throw new AppError(Code.REAL_NAME_DUPLICATE);
    }
    if (input.isDefault === false && row.isDefault) {
      throw new AppError(Code.BAD_REQUEST, '请把另一条实名信息设为默认，而不是取消默认');
    }
    if (input.isDefault === true && !row.isDefault) await repo.clearDefault(tx, memberId);
    const updated = await repo.updateRealName(tx, memberId, row.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(sealed ?? {}),
      ...(input.isDefault === true ? { isDefault: true } : {}),
    });
    return present(updated!);
  });
}

export async function setDefaultRealName(ctx: AppContext, memberId: string, id: string): Promise<RealNameView> {
  return updateRealName(ctx, memberId, { id, isDefault: true });
}

/** Deletes a record outright (the ciphertext goes with it); the oldest remaining one becomes the default. */
export async function deleteRealName(ctx: AppContext, memberId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockMemberRealNames(tx, memberId);
    const deleted = await repo.deleteRealName(tx, memberId, id);
    if (!deleted) throw missing();
    if (deleted.isDefault) {
      const next = await repo.oldestForMember(tx, memberId);
      if (next) await repo.updateRealName(tx, memberId, next.id, { isDefault: true });
    }
  });
}

/**
 * For checkout of cross-border goods: the member's record by id, as an order may show it (name and
 * masked number), or undefined when it is not this member's.
 */
export async function getRealNameForOrder(
  db: DbOrTx,
  memberId: string,
  realNameId: string,
): Promise<{ id: string; name: string; masked: string } | undefined> {
  if (typeof realNameId !== 'string' || !isUuid(realNameId)) return undefined;
  const row = await repo.findOwned(db, memberId, realNameId);
  return row ? { id: row.id, name: row.name, masked: row.idMasked } : undefined;
}
