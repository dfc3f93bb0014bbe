import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import * as address from './address.service.ts';
import { addressIdBody, createAddressBody, updateAddressBody } from './address.schema.ts';
import { regionOptions } from './regions.ts';

export async function addressRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const guarded = { preHandler: requireMember };

  /** Province → city → district options for the address form's cascader (GB/T 2260). */
  app.get('/member/trade/address/regions', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return ok(regionOptions());
  });

  app.get('/member/trade/address/list', guarded, async (req) =>
    ok(await address.listAddresses(ctx, memberOf(req).memberId)),
  );

  app.get('/member/trade/address/detail', guarded, async (req) => {
    const { id } = parse(addressIdBody, req.query);
    return ok(await address.getAddress(ctx, memberOf(req).memberId, id));
  });

  app.post('/member/trade/address/create', guarded, async (req) => {
    const body = parse(createAddressBody, req.body);
    return ok(await address.createAddress(ctx, memberOf(req).memberId, body), '地址已添加');
  });

  app.post('/member/trade/address/update', guarded, async (req) => {
    const { id, ...body } = parse(updateAddressBody, req.body);
    return ok(await address.updateAddress(ctx, memberOf(req).memberId, id, body), '地址已保存');
  });

  app.post('/member/trade/address/setDefault', guarded, async (req) => {
    const { id } = parse(addressIdBody, req.body);
    return ok(await address.setDefaultAddress(ctx, memberOf(req).memberId, id), '已设为默认地址');
  });

  app.post('/member/trade/address/delete', guarded, async (req) => {
    const { id } = parse(addressIdBody, req.body);
    await address.deleteAddress(ctx, memberOf(req).memberId, id);
    return ok(null, '地址已删除');
  });
}
