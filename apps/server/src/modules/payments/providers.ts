import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../lib/context.ts';
import { createAlipayProvider } from './alipay.ts';
import { createWechatpayProvider } from './wechatpay.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { newRsaKeyPair } from './rsa2.ts';
import {
  createSandboxPlatform,
  SANDBOX_GATEWAY,
  sandboxDispatcher,
  type SandboxKeys,
  type SandboxPlatform,
} from './sandbox-platform.ts';

export interface Payments {
  /** The first configured provider (the cashier's default). */
  provider: PaymentProvider;
  /** Every configured provider, in PAYMENT_PROVIDER's order: the methods a buyer may choose. */
  providers: PaymentProvider[];
  /** Present only when PAYMENT_PROVIDER=sandbox. */
  sandbox?: SandboxPlatform;
  /** The sandbox's keys (tests sign notifications with them as the platform would). */
  sandboxKeys?: SandboxKeys;
  byName(name: string): PaymentProvider | undefined;
}

const SANDBOX_KEYS_FILE = 'payment-sandbox-keys.json';

/**
 * The sandbox's two key pairs (merchant and platform): made once and kept in DATA_DIR (mode 0600)
 * so payment links survive a restart; in memory under NODE_ENV=test.
 */
export function loadSandboxKeys(ctx: Pick<AppContext, 'config'>): SandboxKeys {
  const make = (): SandboxKeys => ({ merchant: newRsaKeyPair(), platform: newRsaKeyPair() });
  if (ctx.config.NODE_ENV === 'test') return make();
  const file = path.join(ctx.config.dataDir, SANDBOX_KEYS_FILE);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as SandboxKeys;
  const keys = make();
  fs.mkdirSync(ctx.config.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

const cache = new WeakMap<object, Payments>();

export function paymentsOf(ctx: AppContext): Payments {
  let found = cache.get(ctx.config);
  if (!found) {
    found = build(ctx);
    cache.set(ctx.config, found);
  }
  return found;
}

function build(ctx: AppContext): Payments {
  const { config } = ctx;
  const providers: PaymentProvider[] = [];
  let sandbox: SandboxPlatform | undefined;
  let sandboxKeys: SandboxKeys | undefined;
  for (const name of config.paymentProviders) {
    if (name === 'alipay') {
      providers.push(
        createAlipayProvider({
          appId: config.ALIPAY_APP_ID!,
          sellerId: config.ALIPAY_SELLER_ID!,
          merchantPrivateKey: config.ALIPAY_PRIVATE_KEY!,
          alipayPublicKey: config.ALIPAY_PUBLIC_KEY!,
          gateway: config.ALIPAY_GATEWAY,
        }),
      );
    } else if (name === 'wechatpay') {
      providers.push(
        createWechatpayProvider({
          mchId: config.WECHATPAY_MCH_ID!,
          appId: config.WECHATPAY_APP_ID!,
          apiV3Key: config.WECHATPAY_API_V3_KEY!,
          merchantPrivateKey: config.WECHATPAY_PRIVATE_KEY!,
          merchantCertSerial: config.WECHATPAY_CERT_SERIAL!,
          platformPublicKey: config.WECHATPAY_PUBLIC_KEY!,
          platformPublicKeyId: config.WECHATPAY_PUBLIC_KEY_ID!,
          gateway: config.WECHATPAY_GATEWAY,
        }),
      );
    } else {
      const keys = loadSandboxKeys(ctx);
      sandboxKeys = keys;
      sandbox = createSandboxPlatform(keys);
      // The shop's own Alipay code, pointed at the in-process stand-in instead of Alipay.
      const client = createAlipayProvider({
        name: 'sandbox',
        label: '模拟支付（沙箱）',
        appId: sandbox.appId,
        sellerId: sandbox.sellerId,
        merchantPrivateKey: keys.merchant.privateKey,
        alipayPublicKey: keys.platform.publicKey,
        gateway: SANDBOX_GATEWAY,
        dispatcher: sandboxDispatcher(sandbox),
      });
      // The cashier is this server's own page: the browser goes to it on the shop's origin.
      providers.push({
        ...client,
        createPayment: async (input) => {
          const start = await client.createPayment(input);
          if (!('payUrl' in start)) return start;
          const url = new URL(start.payUrl);
          return { payUrl: `${url.pathname}${url.search}` };
        },
      });
    }
  }
  return {
    provider: providers[0]!,
    providers,
    sandbox,
    sandboxKeys,
    byName: (name) => providers.find((p) => p.name === name),
  };
}

export function isProviderName(name: string): name is ProviderName {
  return name === 'sandbox' || name === 'alipay' || name === 'wechatpay';
}
