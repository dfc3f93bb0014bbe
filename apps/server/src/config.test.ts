/**
 * Configuration: defaults for a demo, settable token lifetimes, and production refusing insecure
 * defaults (no secrets, the outbox SMS provider) unless ALLOW_INSECURE names each one.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, INSECURE_DEFAULTS, loadConfig } from './config.ts';

const SECRETS = {
  JWT_SECRET: 'j'.repeat(48),
  DATA_KEY: 'ab'.repeat(32),
  OPS_TOKEN: 'o'.repeat(32),
};
/** Production with every secret set and a real SMS gateway; only the payment sandbox allowed. */
const SECURE_PRODUCTION = {
  NODE_ENV: 'production',
  ...SECRETS,
  SMS_PROVIDER: 'webhook',
  SMS_WEBHOOK_URL: 'https://sms.example.com/send',
  ALLOW_INSECURE: 'payment-sandbox',
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('runs a demo with no settings: PGlite in ./data, outbox SMS, default token lifetimes', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      SMS_PROVIDER: 'outbox',
      ACCESS_TOKEN_TTL: 1800,
      REFRESH_TOKEN_TTL: 7 * 24 * 3600,
      REFRESH_TOKEN_TTL_REMEMBER: 30 * 24 * 3600,
      demoData: true,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('takes token lifetimes in seconds', () => {
    const c = loadConfig({ ACCESS_TOKEN_TTL: '1', REFRESH_TOKEN_TTL: '60', REFRESH_TOKEN_TTL_REMEMBER: '120' });
    expect([c.ACCESS_TOKEN_TTL, c.REFRESH_TOKEN_TTL, c.REFRESH_TOKEN_TTL_REMEMBER]).toEqual([1, 60, 120]);
  });

  it.each([
    ['ACCESS_TOKEN_TTL', '0'],
    ['ACCESS_TOKEN_TTL', 'half an hour'],
    ['REFRESH_TOKEN_TTL', '-5'],
    ['PORT', '70000'],
    ['JWT_SECRET', 'too-short'],
    ['DATA_KEY', 'not-hex'],
    ['SMS_PROVIDER', 'carrier-pigeon'],
    ['DATABASE_URL', 'not a url'],
  ])('refuses %s=%s, naming the setting', (name, value) => {
    const message = refusal({ [name]: value });
    expect(message).toContain('配置有误');
    expect(message).toContain(name);
  });

  it('runs one server process by default; several only on a PostgreSQL server, never on PGlite', () => {
    expect(loadConfig({}).SERVER_PROCESSES).toBe(1);
    expect(loadConfig({ SERVER_PROCESSES: '2', DATABASE_URL: 'postgres://u@127.0.0.1/mall' }).SERVER_PROCESSES).toBe(2);
    const pglite = refusal({ SERVER_PROCESSES: '2' });
    expect(pglite).toContain('SERVER_PROCESSES=2 需要设置 DATABASE_URL');
    expect(refusal({ SERVER_PROCESSES: '0', DATABASE_URL: 'postgres://u@127.0.0.1/mall' })).toContain('SERVER_PROCESSES');
  });

  it('keeps uploads on local disk by default; s3 needs its bucket and keys, and a bucket name S3 accepts', () => {
    expect(loadConfig({})).toMatchObject({ STORAGE_DRIVER: 'local', S3_FORCE_PATH_STYLE: false });
    const missing = refusal({ STORAGE_DRIVER: 's3', S3_BUCKET: 'mall-uploads' });
    expect(missing).toContain('S3_ACCESS_KEY_ID');
    expect(missing).toContain('S3_SECRET_ACCESS_KEY');
    expect(refusal({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toContain('S3_BUCKET');
    expect(refusal({ S3_PREFIX: '../escape' })).toContain('S3_PREFIX');
    const s3 = { STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'mall-uploads', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true' };
    expect(loadConfig(s3)).toMatchObject({ STORAGE_DRIVER: 's3', S3_BUCKET: 'mall-uploads', S3_FORCE_PATH_STYLE: true, S3_REGION: 'us-east-1' });
  });

  it('refuses the webhook SMS provider without its URL', () => {
    expect(refusal({ SMS_PROVIDER: 'webhook' })).toContain('SMS_WEBHOOK_URL');
  });

  const ALIYUN = {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: 'LTAI5tExampleKeyId',
    ALIYUN_ACCESS_KEY_SECRET: 'example-secret',
    SMS_SIGN_NAME: '优选商城',
    SMS_TEMPLATE_LOGIN: 'SMS_100000001',
    SMS_TEMPLATE_ACTIVITY_REMINDER: 'SMS_100000007',
  };
  const TENCENT = {
    SMS_PROVIDER: 'tencent',
    TENCENT_SECRET_ID: 'AKIDExampleSecretId',
    TENCENT_SECRET_KEY: 'example-secret',
    TENCENT_SMS_APP_ID: '1400000001',
    SMS_SIGN_NAME: '优选商城',
    SMS_TEMPLATE_LOGIN: '1000001',
    SMS_TEMPLATE_ACTIVITY_REMINDER: '1000007',
  };

  it('takes the aliyun and tencent SMS providers with their keys, sign name and templates; the endpoints default to the real ones', () => {
    expect(loadConfig(ALIYUN)).toMatchObject({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ENDPOINT: 'https://dysmsapi.aliyuncs.com', SMS_TIMEOUT_SECONDS: 5 });
    expect(loadConfig(TENCENT)).toMatchObject({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_REGION: 'ap-guangzhou',
      TENCENT_SMS_ENDPOINT: 'https://sms.tencentcloudapi.com',
    });
  });

  it.each([
    ['aliyun', 'ALIYUN_ACCESS_KEY_ID'],
    ['aliyun', 'ALIYUN_ACCESS_KEY_SECRET'],
    ['aliyun', 'SMS_SIGN_NAME'],
    ['aliyun', 'SMS_TEMPLATE_LOGIN'],
    ['aliyun', 'SMS_TEMPLATE_ACTIVITY_REMINDER'],
    ['tencent', 'TENCENT_SECRET_ID'],
    ['tencent', 'TENCENT_SECRET_KEY'],
    ['tencent', 'TENCENT_SMS_APP_ID'],
    ['tencent', 'SMS_SIGN_NAME'],
    ['tencent', 'SMS_TEMPLATE_LOGIN'],
  ])('refuses SMS_PROVIDER=%s without %s, naming it', (provider, name) => {
    const env: Record<string, string> = { ...(provider === 'aliyun' ? ALIYUN : TENCENT) };
    delete env[name];
    const message = refusal(env);
    expect(message).toContain(`SMS_PROVIDER=${provider} 需要设置`);
    expect(message).toContain(name);
  });

  it.each([
    ['SMS_TEMPLATE_LOGIN', "SMS_1'; DROP TABLE members;--"],
    ['SMS_TEMPLATE_REGISTER', '模板一'],
    ['SMS_TEMPLATE_LOGIN', 'x'.repeat(41)],
    ['SMS_SIGN_NAME', '签'.repeat(31)],
    ['SMS_TIMEOUT_SECONDS', '0'],
    ['SMS_TIMEOUT_SECONDS', '61'],
    ['SMS_TIMEOUT_SECONDS', 'five'],
    ['TENCENT_SMS_APP_ID', 'app-1400'],
    ['TENCENT_SMS_REGION', 'Guangzhou'],
    ['ALIYUN_SMS_ENDPOINT', 'dysmsapi'],
    ['TENCENT_SMS_ENDPOINT', 'not a url'],
  ])('refuses %s=%s, naming the setting', (name, value) => {
    const message = refusal({ ...ALIYUN, [name]: value });
    expect(message).toContain('配置有误');
    expect(message).toContain(name);
  });

  it('starts in production on aliyun or tencent (no outbox to allow)', () => {
    const { SMS_WEBHOOK_URL: _url, ...rest } = SECURE_PRODUCTION;
    expect(loadConfig({ ...rest, ...ALIYUN }).SMS_PROVIDER).toBe('aliyun');
    expect(loadConfig({ ...rest, ...TENCENT }).SMS_PROVIDER).toBe('tencent');
  });

  it('refuses to start in production with no secrets, saying which and how to allow it', () => {
    const message = refusal(withoutSecrets());
    expect(message).toContain('拒绝启动');
    expect(message).toMatch(/JWT_SECRET/);
    expect(message).toMatch(/DATA_KEY/);
    expect(message).toContain('ALLOW_INSECURE=default-secrets');
  });

  it('starts in production with no secrets only when ALLOW_INSECURE names default-secrets', () => {
    const c = loadConfig({ ...withoutSecrets(), ALLOW_INSECURE: 'default-secrets,payment-sandbox' });
    expect(c.allowInsecure.has('default-secrets')).toBe(true);
    expect(c.demoData).toBe(false);
  });

  it('refuses the outbox SMS provider in production unless ALLOW_INSECURE names sms-outbox', () => {
    const { SMS_WEBHOOK_URL: _url, ...rest } = SECURE_PRODUCTION;
    const outbox = { ...rest, SMS_PROVIDER: 'outbox' };
    const message = refusal(outbox);
    expect(message).toContain('outbox');
    expect(message).toContain('sms-outbox');
    expect(loadConfig({ ...outbox, ALLOW_INSECURE: 'payment-sandbox, sms-outbox' }).SMS_PROVIDER).toBe('outbox');
    // allowing another insecure default does not allow this one
    expect(refusal({ ...outbox, ALLOW_INSECURE: 'payment-sandbox,default-secrets' })).toContain('sms-outbox');
  });

  it('starts in production with every secret set and a real SMS gateway', () => {
    const c = loadConfig(SECURE_PRODUCTION);
    expect(c).toMatchObject({ NODE_ENV: 'production', SMS_PROVIDER: 'webhook', demoData: false });
  });

  it('refuses an ALLOW_INSECURE name it does not know, listing the ones it does', () => {
    const message = refusal({ ALLOW_INSECURE: 'sms-outbox,everything' });
    expect(message).toContain('"everything"');
    for (const name of INSECURE_DEFAULTS) expect(message).toContain(name);
  });
});

describe('payment providers (PAYMENT_PROVIDER)', () => {
  const ALIPAY = {
    ALIPAY_APP_ID: '2021004100000001',
    ALIPAY_PRIVATE_KEY: 'k',
    ALIPAY_PUBLIC_KEY: 'p',
    ALIPAY_SELLER_ID: '2088621900000002',
    PUBLIC_BASE_URL: 'https://shop.example.com',
  };
  const WECHATPAY = {
    WECHATPAY_MCH_ID: '1900000109',
    WECHATPAY_APP_ID: 'wxd678efh567hg6787',
    WECHATPAY_API_V3_KEY: 'a'.repeat(32),
    WECHATPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----',
    WECHATPAY_CERT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----',
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
    PUBLIC_BASE_URL: 'https://shop.example.com',
  };
  it('is the sandbox alone by default', () => {
    expect(loadConfig({}).paymentProviders).toEqual(['sandbox']);
  });
  it('takes a comma list of real providers, in order, spaces allowed', () => {
    const c = loadConfig({ PAYMENT_PROVIDER: 'wechatpay, alipay', ...ALIPAY, ...WECHATPAY });
    expect(c.paymentProviders).toEqual(['wechatpay', 'alipay']);
    expect(c.WECHATPAY_GATEWAY).toBe('https://api.mch.weixin.qq.com');
    expect(loadConfig({ ...SECURE_PRODUCTION, ALLOW_INSECURE: '', PAYMENT_PROVIDER: 'wechatpay', ...WECHATPAY }).paymentProviders).toEqual(['wechatpay']);
  });
  it('refuses the sandbox mixed with real providers, unknown names, duplicates and odd shapes', () => {
    expect(refusal({ PAYMENT_PROVIDER: 'sandbox,alipay', ...ALIPAY })).toContain('sandbox（沙箱）只能单独使用');
    expect(refusal({ PAYMENT_PROVIDER: 'alipay,paypal', ...ALIPAY })).toContain('不认识 "paypal"');
    expect(refusal({ PAYMENT_PROVIDER: 'alipay,alipay', ...ALIPAY })).toContain('重复');
    for (const bad of ['', 'alipay,', "alipay';drop table", '微信支付', 'a'.repeat(2000) + ',,']) {
      expect(refusal({ PAYMENT_PROVIDER: bad, ...ALIPAY }), bad).toMatch(/PAYMENT_PROVIDER/);
    }
  });
  it('names every missing WeChat Pay setting in Chinese', () => {
    const message = refusal({ PAYMENT_PROVIDER: 'alipay,wechatpay', ...ALIPAY });
    expect(message).toContain('PAYMENT_PROVIDER=wechatpay 需要设置');
    for (const key of Object.keys(WECHATPAY).filter((k) => k !== 'PUBLIC_BASE_URL')) expect(message).toContain(key);
    const { WECHATPAY_PUBLIC_KEY_ID: _id, ...noKeyId } = WECHATPAY;
    expect(refusal({ PAYMENT_PROVIDER: 'wechatpay', ...noKeyId })).toMatch(/需要设置 WECHATPAY_PUBLIC_KEY_ID$/);
  });
  it('refuses malformed WeChat Pay settings with a clear message', () => {
    const base = { PAYMENT_PROVIDER: 'wechatpay', ...WECHATPAY };
    expect(refusal({ ...base, WECHATPAY_API_V3_KEY: 'short' })).toContain('WECHATPAY_API_V3_KEY 须为 32 个字符');
    expect(refusal({ ...base, WECHATPAY_MCH_ID: '19000<script>' })).toContain('WECHATPAY_MCH_ID 须为数字商户号');
    expect(refusal({ ...base, WECHATPAY_APP_ID: 'app' })).toContain('WECHATPAY_APP_ID');
    expect(refusal({ ...base, WECHATPAY_CERT_SERIAL: '序列号' })).toContain('WECHATPAY_CERT_SERIAL');
    expect(refusal({ ...base, WECHATPAY_PUBLIC_KEY_ID: 'x' })).toContain('WECHATPAY_PUBLIC_KEY_ID');
    expect(refusal({ ...base, WECHATPAY_GATEWAY: 'not a url' })).toContain('WECHATPAY_GATEWAY');
  });
  it('still refuses the sandbox in production unless allowed', () => {
    expect(refusal({ ...SECURE_PRODUCTION, ALLOW_INSECURE: '' })).toContain('生产环境不能使用沙箱支付');
  });
});

describe('the server process', () => {
  it('exits with the refusal printed when production lacks its secrets', () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const env: NodeJS.ProcessEnv = { ...process.env, ...withoutSecrets(), DATA_DIR: '/nonexistent-config-test' };
    delete env.DATABASE_URL;
    const run = spawnSync(path.join(serverDir, '../../node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: serverDir,
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('拒绝启动');
    expect(run.stderr).toContain('JWT_SECRET');
    // a clear message, not a stack trace
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

/** Production as SECURE_PRODUCTION but with no secret set. */
function withoutSecrets(): Record<string, string> {
  const { JWT_SECRET: _j, DATA_KEY: _d, OPS_TOKEN: _o, ...rest } = SECURE_PRODUCTION;
  return rest;
}
