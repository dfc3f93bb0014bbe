import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../lib/context.ts';
import { createAlipayProvider } from './alipay.ts';
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
  /** The configured provider; the only method a buyer may choose. */
  provider: PaymentProvider;
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
  let provider: PaymentProvider;
  let sandbox: SandboxPlatform | undefined;
  let sandboxKeys: SandboxKeys | undefined;
  if (config.PAYMENT_PROVIDER === 'alipay') {
    provider = createAlipayProvider({
      appId: config.ALIPAY_APP_ID!,
      sellerId: config.ALIPAY_SELLER_ID!,
      merchantPrivateKey: config.ALIPAY_PRIVATE_KEY!,
      alipayPublicKey: config.ALIPAY_PUBLIC_KEY!,
      gateway: config.ALIPAY_GATEWAY,
    });
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
    provider = {
      ...client,
      createPayment: (input) => {
        const url = new URL(client.createPayment(input));
        return `${url.pathname}${url.search}`;
      },
    };
  }
  return { provider, sandbox, sandboxKeys, byName: (name) => (name === provider.name ? provider : undefined) };
}

export function isProviderName(name: string): name is ProviderName {
  return name === 'sandbox' || name === 'alipay';
}
