import { z } from 'zod';
import path from 'node:path';

/**
 * The one place that reads process.env. Every setting is listed in the README.
 * With no settings the shop runs as a demo on embedded PostgreSQL (PGlite) in DATA_DIR.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const seconds = z.coerce.number().int().positive();
/** An approved SMS template: aliyun SMS_123456789, tencent a number. */
const smsTemplate = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,40}$/, '短信模板编号只能是字母、数字与下划线 (SMS template code: letters, digits, _)')
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Where pg_dump / pg_restore live for `ops backup` and `ops restore` (default: Debian's newest, then PATH). */
  PG_BIN: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Server processes sharing PORT (node:cluster); more than one needs DATABASE_URL. docs/scaling.md «Several processes». */
  SERVER_PROCESSES: z.coerce.number().int().min(1, 'SERVER_PROCESSES 至少为 1').max(64, 'SERVER_PROCESSES 最多 64').default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET 至少 32 个字符').optional(),
  DATA_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'DATA_KEY 须为 64 位十六进制（32 字节）')
    .optional(),
  ACCESS_TOKEN_TTL: seconds.default(30 * 60),
  REFRESH_TOKEN_TTL: seconds.default(7 * 24 * 3600),
  REFRESH_TOKEN_TTL_REMEMBER: seconds.default(30 * 24 * 3600),
  SMS_PROVIDER: z.enum(['outbox', 'webhook', 'aliyun', 'tencent']).default('outbox'),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  // SMS providers: see README «短信服务商»
  SMS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  /** One code per number per this many seconds (获取验证码's countdown on the pages stays 60). */
  SMS_RESEND_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  SMS_SIGN_NAME: z.string().min(1).max(30, 'SMS_SIGN_NAME 最多 30 个字符').optional(),
  SMS_TEMPLATE_LOGIN: smsTemplate,
  SMS_TEMPLATE_REGISTER: smsTemplate,
  SMS_TEMPLATE_RESET_PASSWORD: smsTemplate,
  SMS_TEMPLATE_CHANGE_PASSWORD: smsTemplate,
  SMS_TEMPLATE_VERIFY_MOBILE: smsTemplate,
  SMS_TEMPLATE_BIND_MOBILE: smsTemplate,
  SMS_TEMPLATE_CANCEL_ACCOUNT: smsTemplate,
  SMS_TEMPLATE_ACTIVITY_REMINDER: smsTemplate,
  ALIYUN_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com'),
  TENCENT_SECRET_ID: z.string().min(1).optional(),
  TENCENT_SECRET_KEY: z.string().min(1).optional(),
  TENCENT_SMS_APP_ID: z.string().regex(/^\d{6,20}$/, 'TENCENT_SMS_APP_ID 须为数字（短信应用的 SDK AppID）').optional(),
  TENCENT_SMS_REGION: z.string().regex(/^[a-z]+(-[a-z]+)+$/, 'TENCENT_SMS_REGION 形如 ap-guangzhou').default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.string().url().default('https://sms.tencentcloudapi.com'),
  SMS_DAILY_LIMIT_PER_IP: z.coerce.number().int().positive().default(50),
  SMS_DAILY_LIMIT_PER_VISITOR: z.coerce.number().int().positive().default(20),
  DEMO_DATA: bool.optional(),
  DEMO_GOODS: z.coerce.number().int().min(0).max(1_000_000).default(3000),
  WEB_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  ALLOW_INSECURE: z.string().default(''),
  // payments: see README "Payments and after-sales"
  /** One provider, or a comma list of real ones (alipay,wechatpay); sandbox only alone. */
  PAYMENT_PROVIDER: z
    .string()
    .regex(/^\s*[a-z]+\s*(,\s*[a-z]+\s*)*$/, 'PAYMENT_PROVIDER 形如 sandbox、alipay 或 alipay,wechatpay')
    .default('sandbox'),
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_SELLER_ID: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  // WeChat Pay API v3: README «微信支付»
  WECHATPAY_MCH_ID: z.string().regex(/^\d{8,12}$/, 'WECHATPAY_MCH_ID 须为数字商户号').optional(),
  WECHATPAY_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{16}$/, 'WECHATPAY_APP_ID 形如 wx 开头的 18 位 AppID').optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32, 'WECHATPAY_API_V3_KEY 须为 32 个字符').optional(),
  WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
  WECHATPAY_CERT_SERIAL: z.string().regex(/^[0-9A-Fa-f]{8,64}$/, 'WECHATPAY_CERT_SERIAL 须为十六进制证书序列号').optional(),
  WECHATPAY_PUBLIC_KEY: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().regex(/^PUB_KEY_ID_[0-9A-Za-z]+$/, 'WECHATPAY_PUBLIC_KEY_ID 形如 PUB_KEY_ID_ 开头').optional(),
  WECHATPAY_GATEWAY: z.string().url().default('https://api.mch.weixin.qq.com'),
  PUBLIC_BASE_URL: z.string().url().optional(),
  // trade
  ORDER_PAY_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  AUTO_RECEIVE_DAYS: z.coerce.number().int().min(1).max(60).default(10),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  // timed work: the queue's kill drill (flows/timed-work-drill.ts) on PostgreSQL; its test sets it, nobody else
  TIMED_WORK_DRILL: bool.optional(),
  OPS_TOKEN: z.string().min(24, 'OPS_TOKEN 至少 24 个字符').optional(),
  // operations: /metrics answers with this bearer token, or on its own internal port
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN 至少 24 个字符').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // uploads: local disk under DATA_DIR, or an S3-compatible bucket (S3, OSS, COS, MinIO); README «上传文件的存储»
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET 只能是小写字母、数字、点与连字符，3–63 个字符')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** MinIO and most self-hosted endpoints want path-style addresses (endpoint/bucket/key). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Keys are stored under this prefix in the bucket, so one bucket can serve several shops. */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'S3_PREFIX 只能是字母、数字、_、- 与 /')
    .optional(),
  // the shopping assistant: docs/domains/assistant.md and docs/configuration.md
  ASSISTANT_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  /** An OpenAI-compatible endpoint (…/v1), its model and key: only for ASSISTANT_PROVIDER=openai. */
  ASSISTANT_BASE_URL: z.string().url().optional(),
  ASSISTANT_MODEL: z.string().min(1).max(200).optional(),
  ASSISTANT_API_KEY: z.string().min(1).optional(),
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  /** Tool calls one answer may make before it must answer from what it has. */
  ASSISTANT_MAX_STEPS: z.coerce.number().int().min(1).max(20).default(5),
  /** Questions one member may ask per Asia/Shanghai day (0: no limit). */
  ASSISTANT_DAILY_QUESTIONS: z.coerce.number().int().min(0).max(100_000).default(200),
  /** Model tokens one member may use per Asia/Shanghai day (0: no limit); counted for ASSISTANT_PROVIDER=openai. */
  ASSISTANT_DAILY_TOKENS: z.coerce.number().int().min(0).max(100_000_000).default(200_000),
});

export type Config = z.infer<typeof schema> & {
  /** PAYMENT_PROVIDER as a list, in the shop's order (the first is the cashier's default). */
  paymentProviders: PaymentProviderName[];
  dataDir: string;
  demoData: boolean;
  allowInsecure: Set<string>;
};

/** Names that ALLOW_INSECURE accepts, one per insecure default refused in production. */
export const INSECURE_DEFAULTS = ['default-secrets', 'sms-outbox', 'payment-sandbox'] as const;

export class ConfigError extends Error {}

export const PAYMENT_PROVIDERS = ['sandbox', 'alipay', 'wechatpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

const PAYMENT_SETTINGS: Record<Exclude<PaymentProviderName, 'sandbox'>, string[]> = {
  alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_SELLER_ID', 'PUBLIC_BASE_URL'],
  wechatpay: [
    'WECHATPAY_MCH_ID',
    'WECHATPAY_APP_ID',
    'WECHATPAY_API_V3_KEY',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_CERT_SERIAL',
    'WECHATPAY_PUBLIC_KEY',
    'WECHATPAY_PUBLIC_KEY_ID',
    'PUBLIC_BASE_URL',
  ],
};

function paymentProvidersOf(value: string): PaymentProviderName[] {
  const names = value.split(',').map((s) => s.trim());
  for (const name of names) {
    if (!(PAYMENT_PROVIDERS as readonly string[]).includes(name)) {
      throw new ConfigError(`PAYMENT_PROVIDER 不认识 "${name}"，可选：${PAYMENT_PROVIDERS.join(', ')}`);
    }
  }
  if (new Set(names).size !== names.length) throw new ConfigError('PAYMENT_PROVIDER 中有重复的支付方式');
  if (names.includes('sandbox') && names.length > 1) {
    throw new ConfigError('PAYMENT_PROVIDER 的 sandbox（沙箱）只能单独使用，不能与真实支付渠道混用');
  }
  return names as PaymentProviderName[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置有误 (invalid configuration):\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const allowInsecure = new Set(
    c.ALLOW_INSECURE.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  for (const name of allowInsecure) {
    if (!(INSECURE_DEFAULTS as readonly string[]).includes(name)) {
      throw new ConfigError(`ALLOW_INSECURE 不认识 "${name}"，可选：${INSECURE_DEFAULTS.join(', ')}`);
    }
  }
  if (c.SERVER_PROCESSES > 1 && !c.DATABASE_URL) {
    // PGlite's data directory is locked to one process (lib/data-dir-lock.ts): refuse rather than quietly run one.
    throw new ConfigError(
      `SERVER_PROCESSES=${c.SERVER_PROCESSES} 需要设置 DATABASE_URL：内嵌数据库（PGlite）的数据目录只能由一个进程使用，请去掉 SERVER_PROCESSES 或连接 PostgreSQL ` +
        '(several server processes need a PostgreSQL server; the embedded database serves one process)',
    );
  }
  const paymentProviders = paymentProvidersOf(c.PAYMENT_PROVIDER);
  for (const name of paymentProviders) {
    if (name === 'sandbox') continue;
    const missing = PAYMENT_SETTINGS[name].filter((k) => !c[k as keyof typeof c]);
    if (missing.length) throw new ConfigError(`PAYMENT_PROVIDER=${name} 需要设置 ${missing.join(', ')}`);
  }
  if (c.STORAGE_DRIVER === 's3') {
    const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !c[k as keyof typeof c]);
    if (missing.length) throw new ConfigError(`STORAGE_DRIVER=s3 需要设置 ${missing.join(', ')} (required settings missing)`);
  }
  if (c.SMS_PROVIDER === 'webhook' && !c.SMS_WEBHOOK_URL) {
    throw new ConfigError('SMS_PROVIDER=webhook 需要设置 SMS_WEBHOOK_URL');
  }
  if (c.SMS_PROVIDER === 'aliyun' || c.SMS_PROVIDER === 'tencent') {
    const keys =
      c.SMS_PROVIDER === 'aliyun'
        ? ['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET']
        : ['TENCENT_SECRET_ID', 'TENCENT_SECRET_KEY', 'TENCENT_SMS_APP_ID'];
    const missing = [...keys, 'SMS_SIGN_NAME', 'SMS_TEMPLATE_LOGIN', 'SMS_TEMPLATE_ACTIVITY_REMINDER'].filter(
      (k) => !c[k as keyof typeof c],
    );
    if (missing.length) {
      throw new ConfigError(`SMS_PROVIDER=${c.SMS_PROVIDER} 需要设置 ${missing.join(', ')} (required settings missing)`);
    }
  }
  if (c.ASSISTANT_PROVIDER === 'openai') {
    const missing = ['ASSISTANT_BASE_URL', 'ASSISTANT_MODEL'].filter((k) => !c[k as keyof typeof c]);
    if (missing.length) throw new ConfigError(`ASSISTANT_PROVIDER=openai 需要设置 ${missing.join(', ')} (required settings missing)`);
  }
  if (c.NODE_ENV === 'production') {
    const refusals: string[] = [];
    if ((!c.JWT_SECRET || !c.DATA_KEY) && !allowInsecure.has('default-secrets')) {
      refusals.push('生产环境必须设置 JWT_SECRET 与 DATA_KEY (or ALLOW_INSECURE=default-secrets)');
    }
    if (!c.OPS_TOKEN && !allowInsecure.has('default-secrets')) {
      refusals.push('生产环境必须设置 OPS_TOKEN (or ALLOW_INSECURE=default-secrets)');
    }
    if (paymentProviders.includes('sandbox') && !allowInsecure.has('payment-sandbox')) {
      refusals.push('生产环境不能使用沙箱支付 (set PAYMENT_PROVIDER=alipay, wechatpay or alipay,wechatpay, or ALLOW_INSECURE=payment-sandbox)');
    }
    if (c.SMS_PROVIDER === 'outbox' && !allowInsecure.has('sms-outbox')) {
      refusals.push('生产环境不能使用 outbox 短信通道 (set SMS_PROVIDER, or ALLOW_INSECURE=sms-outbox)');
    }
    if (refusals.length) throw new ConfigError(`拒绝启动 (refusing to start):\n  ${refusals.join('\n  ')}`);
  }
  return {
    ...c,
    paymentProviders,
    dataDir: path.resolve(c.DATA_DIR),
    demoData: c.DEMO_DATA ?? c.NODE_ENV !== 'production',
    allowInsecure,
  };
}
