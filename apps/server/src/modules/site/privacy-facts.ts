import { CANCELLATION_COOLING_DAYS_DEFAULT, CANCELLATION_RETENTION_YEARS } from '@mall/shared';
import type { Config } from '../../config.ts';

/**
 * The part of 《隐私政策》 the shop can state from its own settings (PIPL arts. 17, 23, 45): what it
 * collects, which third parties receive personal data (only the services configured: the sandbox
 * cashier, the SMS outbox and the local disk are named as what they are, inside the shop), and how a
 * member gets a copy, withdraws consent and cancels the account. Shown under the operator's text.
 */
export interface PrivacySection {
  title: string;
  items: string[];
}

export type PrivacyConfig = Pick<
  Config,
  'paymentProviders' | 'SMS_PROVIDER' | 'SMS_WEBHOOK_URL' | 'STORAGE_DRIVER' | 'S3_ENDPOINT' | 'S3_REGION' | 'ASSISTANT_PROVIDER' | 'ASSISTANT_BASE_URL'
>;

const hostOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return '';
  }
};

function paymentParties(c: PrivacyConfig): string[] {
  return c.paymentProviders.flatMap((p) => {
    if (p === 'alipay') return ['支付宝（中国）网络技术有限公司（支付宝支付）：订单号、订单金额与商品名称，用于完成支付与退款。'];
    if (p === 'wechatpay') return ['财付通支付科技有限公司（微信支付）：订单号、订单金额与商品名称，用于完成支付与退款。'];
    return [];
  });
}

function smsParties(c: PrivacyConfig): string[] {
  if (c.SMS_PROVIDER === 'aliyun') return ['阿里云计算有限公司（阿里云短信服务）：手机号与短信内容，用于发送验证码与您同意接收的活动提醒。'];
  if (c.SMS_PROVIDER === 'tencent') return ['深圳市腾讯计算机系统有限公司（腾讯云短信服务）：手机号与短信内容，用于发送验证码与您同意接收的活动提醒。'];
  if (c.SMS_PROVIDER === 'webhook') {
    const host = hostOf(c.SMS_WEBHOOK_URL);
    return [`商城指定的短信网关${host ? `（${host}）` : ''}：手机号与短信内容，用于发送验证码与您同意接收的活动提醒。`];
  }
  return [];
}

function storageParty(c: PrivacyConfig): string[] {
  if (c.STORAGE_DRIVER !== 's3') return [];
  const host = hostOf(c.S3_ENDPOINT);
  const name = !host
    ? `Amazon S3 对象存储（${c.S3_REGION}）`
    : host.endsWith('aliyuncs.com')
      ? '阿里云对象存储 OSS'
      : host.endsWith('myqcloud.com')
        ? '腾讯云对象存储 COS'
        : `商城指定的对象存储服务（${host}）`;
  return [`${name}：您上传的头像、售后凭证等图片，仅用于存储，不对外公开。`];
}

function assistantParty(c: PrivacyConfig): string[] {
  if (c.ASSISTANT_PROVIDER !== 'openai') return [];
  const host = hostOf(c.ASSISTANT_BASE_URL);
  return [`购物助手使用的大模型服务${host ? `（${host}）` : ''}：您向购物助手提出的问题与相关商品信息，用于生成回答。`];
}

/** What stays inside the shop, named as such, so a buyer knows why a kind of service is missing above. */
function keptInside(c: PrivacyConfig): string[] {
  const inside: string[] = [];
  if (c.paymentProviders.includes('sandbox')) inside.push('支付：当前为演示用的沙箱收银台，不向任何支付机构提供信息');
  if (c.SMS_PROVIDER === 'outbox') inside.push('短信：当前为开发用的站内发件箱，短信不会实际发出');
  if (c.STORAGE_DRIVER === 'local') inside.push('图片：保存在商城自有服务器的磁盘上');
  return inside;
}

export function privacySections(c: PrivacyConfig, coolingDays = CANCELLATION_COOLING_DAYS_DEFAULT): PrivacySection[] {
  const parties = [...paymentParties(c), ...smsParties(c), ...storageParty(c), ...assistantParty(c)];
  const inside = keptInside(c);
  return [
    {
      title: '我们收集的个人信息',
      items: [
        '账号：手机号、用户名、昵称、头像、性别、生日；密码只保存不可逆的摘要。',
        '购物：收货人、联系电话与收货地址，订单、支付与售后记录，优惠券与积分记录。',
        '跨境商品的实名信息：姓名与身份证号（加密保存，展示时脱敏）。',
        '浏览与收藏：我的足迹（保留 90 天）与我的收藏。',
        '安全：登录设备、IP 地址与时间；营销消息的同意与撤回记录。',
        ...(c.ASSISTANT_PROVIDER === 'openai' ? ['购物助手：您的提问与对话记录。'] : []),
      ],
    },
    {
      title: '接收您个人信息的第三方',
      items: [
        '承运快递公司：收货人、联系电话与收货地址，用于配送。',
        ...parties,
        ...inside.map((t) => `${t}。`),
      ],
    },
    {
      title: '您的权利',
      items: [
        '查阅与复制：在“会员中心 › 账户安全 › 个人信息与隐私”申请个人信息副本（JSON 与订单 CSV），链接 10 分钟内有效、仅可下载一次，每天最多 3 次。',
        '撤回同意：在同一页面关闭“营销消息”，之后我们不再向您发送活动提醒等营销消息，可随时重新开启；撤回不影响撤回前的处理。',
        '更正：在“个人资料”“收货地址”中修改您的信息。',
        `注销账号：在“会员中心 › 账户安全 › 注销账号”自助申请，以短信验证码确认；有未完成的订单、售后、未提现的分销收入或营业中的店铺时，需先处理完毕。提交后有 ${coolingDays} 天冷静期，期间登录可撤销注销；冷静期结束后，您的账号资料、收货地址、实名信息、收藏、足迹、优惠券、积分等个人信息将被删除，订单与售后记录依《电子商务法》保存 ${CANCELLATION_RETENTION_YEARS} 年，其中的收货人、电话和地址将被去标识化；手机号与用户名可重新注册使用。`,
      ],
    },
  ];
}
