import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import { addresses, type AddressSnapshot } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { HOT, keptStatement, lockKey, type DbOrTx } from '../../lib/db.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { AddressInput } from './address.schema.ts';
import { resolveRegion } from './regions.ts';

export const MAX_ADDRESSES = 20;

export type AddressRow = typeof addresses.$inferSelect;

export function presentAddress(a: AddressRow) {
  return {
    id: a.id,
    receiverName: a.receiverName,
    mobile: a.mobile,
    provinceCode: a.provinceCode,
    provinceName: a.provinceName,
    cityCode: a.cityCode,
    cityName: a.cityName,
    districtCode: a.districtCode,
    districtName: a.districtName,
    detail: a.detail,
    fullAddress: fullAddress(a),
    isDefault: a.isDefault,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** 北京市 朝阳区 建国路 1 号 — a municipality's 市辖区 is left out, as buyers write it. */
export function fullAddress(a: Pick<AddressRow, 'provinceName' | 'cityName' | 'districtName' | 'detail'>): string {
  const city = a.cityName === '市辖区' || a.cityName === '县' ? '' : a.cityName;
  return [a.provinceName, city, a.districtName, a.detail].filter(Boolean).join(' ');
}

export function snapshotOf(a: AddressRow): AddressSnapshot {
  return {
    receiverName: a.receiverName,
    mobile: a.mobile,
    provinceName: a.provinceName,
    cityName: a.cityName,
    districtName: a.districtName,
    detail: a.detail,
    provinceCode: a.provinceCode,
    cityCode: a.cityCode,
    districtCode: a.districtCode,
  };
}

function regionOf(input: AddressInput) {
  const region = resolveRegion(input.provinceCode, input.cityCode, input.districtCode);
  if (typeof region === 'string') throw badRequest(region);
  return region;
}

/** Serialises one member's address writes, so the limit of 20 and the one default hold under races. */
const lockMember = (tx: DbOrTx, memberId: string) => lockKey(tx, 'address', memberId);

export async function listAddresses(ctx: AppContext, memberId: string) {
  const found = await ctx.db
    .select()
    .from(addresses)
    .where(eq(addresses.memberId, memberId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt));
  return found.map(presentAddress);
}

const ownAddressRead = keptStatement((db) =>
  db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, sql.placeholder('id')), eq(addresses.memberId, sql.placeholder('memberId'))))
    .prepare(HOT),
);

/** The member's own address, or undefined (another member's id reads as not found). */
export async function findAddress(db: DbOrTx, memberId: string, id: string): Promise<AddressRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await ownAddressRead(db).execute({ id, memberId });
  return row;
}

async function ownAddress(db: DbOrTx, memberId: string, id: string) {
  const row = await findAddress(db, memberId, id);
  if (!row) throw notFound('收货地址不存在');
  return row;
}

export async function getAddress(ctx: AppContext, memberId: string, id: string) {
  return presentAddress(await ownAddress(ctx.db, memberId, id));
}

export async function createAddress(ctx: AppContext, memberId: string, input: AddressInput) {
  const region = regionOf(input);
  const row = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.memberId, memberId))) as [{ count: number }];
    if (count >= MAX_ADDRESSES)
      throw new AppError(Code.ADDRESS_LIMIT, `收货地址最多 ${MAX_ADDRESSES} 个，请先删除不用的地址`);
    const isDefault = count === 0 || input.isDefault === true;
    if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.memberId, memberId));
    const [created] = await tx
      .insert(addresses)
      .values({
        memberId,
        receiverName: input.receiverName,
        mobile: input.mobile,
        detail: input.detail,
        ...region,
        isDefault,
      })
      .returning();
    return created!;
  });
  return presentAddress(row);
}

export async function updateAddress(ctx: AppContext, memberId: string, id: string, input: AddressInput) {
  const region = regionOf(input);
  const row = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const current = await ownAddress(tx, memberId, id);
    // Un-ticking 默认 on the default address is ignored: a member with addresses always has one default.
    const isDefault = current.isDefault || input.isDefault === true;
    if (isDefault && !current.isDefault) {
      await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.memberId, memberId));
    }
    const [updated] = await tx
      .update(addresses)
      .set({
        receiverName: input.receiverName,
        mobile: input.mobile,
        detail: input.detail,
        ...region,
        isDefault,
        updatedAt: new Date(),
      })
      .where(and(eq(addresses.id, id), eq(addresses.memberId, memberId)))
      .returning();
    return updated!;
  });
  return presentAddress(row);
}

export async function setDefaultAddress(ctx: AppContext, memberId: string, id: string) {
  const row = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    await ownAddress(tx, memberId, id);
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.memberId, memberId), ne(addresses.id, id)));
    const [updated] = await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(addresses.id, id))
      .returning();
    return updated!;
  });
  return presentAddress(row);
}

/** Deletes an address; when it was the default, the most recently added other one becomes default. */
export async function deleteAddress(ctx: AppContext, memberId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const current = await ownAddress(tx, memberId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (!current.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.memberId, memberId))
      .orderBy(desc(addresses.createdAt), asc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}

/** The default address, for the checkout page's first choice. */
export async function defaultAddress(db: DbOrTx, memberId: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.memberId, memberId), eq(addresses.isDefault, true)));
  return row;
}
