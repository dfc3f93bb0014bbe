import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { siteRoutes } from './site/site.routes.ts';
import { devRoutes } from './dev/dev.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { memberRoutes } from './member/member.routes.ts';
import { realnameRoutes } from './realname/realname.routes.ts';

/** Every domain's routes; a new domain adds its line here. */
export async function registerModules(app: FastifyInstance) {
  await app.register(accountsRoutes);
  await app.register(siteRoutes);
  await app.register(paymentsRoutes);
  await app.register(memberRoutes);
  await app.register(realnameRoutes);
  const { config, sms } = app.ctx;
  if (sms.name === 'outbox' && config.NODE_ENV !== 'production') await app.register(devRoutes);
}
