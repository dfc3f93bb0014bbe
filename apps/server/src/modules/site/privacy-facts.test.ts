import { describe, expect, it } from 'vitest';
import { privacySections, type PrivacyConfig } from './privacy-facts.ts';

const demo: PrivacyConfig = {
  paymentProviders: ['sandbox'],
  SMS_PROVIDER: 'outbox',
  SMS_WEBHOOK_URL: undefined,
  STORAGE_DRIVER: 'local',
  S3_ENDPOINT: undefined,
  S3_REGION: 'us-east-1',
  ASSISTANT_PROVIDER: 'offline',
  ASSISTANT_BASE_URL: undefined,
};
const parties = (c: Partial<PrivacyConfig>) => privacySections({ ...demo, ...c }).find((s) => s.title === '接收您个人信息的第三方')!.items.join('\n');

describe('the privacy policy’s parties, from the settings in use', () => {
  it.each<[string, Partial<PrivacyConfig>, string[], string[]]>([
    ['the demo: sandbox, outbox and local disk named as inside the shop', {}, ['沙箱收银台', '站内发件箱', '自有服务器的磁盘'], ['目前没有', '支付宝', '微信支付', '阿里云', '腾讯云', '对象存储']],
    ['支付宝 only', { paymentProviders: ['alipay'] }, ['支付宝（中国）网络技术有限公司'], ['微信支付', '沙箱']],
    ['both payments', { paymentProviders: ['alipay', 'wechatpay'] }, ['支付宝', '财付通支付科技有限公司（微信支付）'], ['沙箱']],
    ['阿里云短信', { SMS_PROVIDER: 'aliyun' }, ['阿里云计算有限公司（阿里云短信服务）'], ['腾讯云', '发件箱']],
    ['腾讯云短信', { SMS_PROVIDER: 'tencent' }, ['腾讯云短信服务'], ['阿里云', '发件箱']],
    ['a webhook gateway by its host', { SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.cn/send?key=secret' }, ['短信网关（sms.example.cn）'], ['key=secret', '发件箱']],
    ['Alibaba OSS', { STORAGE_DRIVER: 's3', S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com' }, ['阿里云对象存储 OSS'], ['自有服务器的磁盘']],
    ['Tencent COS', { STORAGE_DRIVER: 's3', S3_ENDPOINT: 'https://cos.ap-guangzhou.myqcloud.com' }, ['腾讯云对象存储 COS'], []],
    ['AWS S3 with no endpoint', { STORAGE_DRIVER: 's3', S3_REGION: 'ap-east-1' }, ['Amazon S3 对象存储（ap-east-1）'], []],
    ['MinIO by its host', { STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio.internal:9000' }, ['对象存储服务（minio.internal:9000）'], []],
    ['the assistant’s model service', { ASSISTANT_PROVIDER: 'openai', ASSISTANT_BASE_URL: 'https://llm.example.com/v1' }, ['大模型服务（llm.example.com）'], []],
  ])('%s', (_, config, present, absent) => {
    const text = parties(config);
    for (const p of present) expect(text).toContain(p);
    for (const a of absent) expect(text).not.toContain(a);
    expect(text).toContain('承运快递公司');
  });

  it('says what is collected and how to get a copy, withdraw consent and cancel the account', () => {
    const sections = privacySections(demo);
    expect(sections.map((s) => s.title)).toEqual(['我们收集的个人信息', '接收您个人信息的第三方', '您的权利']);
    const rights = sections[2]!.items.join('\n');
    expect(rights).toContain('个人信息副本');
    expect(rights).toContain('营销消息');
    expect(rights).toContain('注销账号：在“会员中心 › 账户安全 › 注销账号”自助申请');
    expect(rights).toContain('7 天冷静期');
    expect(rights).not.toContain('联系商城客服');
    expect(privacySections(demo, 15)[2]!.items.join()).toContain('15 天冷静期');
    expect(sections[0]!.items.join()).not.toContain('购物助手');
    expect(privacySections({ ...demo, ASSISTANT_PROVIDER: 'openai' })[0]!.items.join()).toContain('购物助手');
  });
});
