import type { Config } from '../../config.ts';

/**
 * What the shop sends by SMS, as a purpose and its parameters. Real SMS in China goes by templates
 * approved in the provider's console: the aliyun and tencent providers send the template of the
 * purpose (a setting each) with `templateParams`; the outbox and the webhook send `smsText`, the
 * same Chinese text the shop has always sent.
 */

/** The purposes of a verification code: sign-in (a known number), sign-up (a new number), 忘记密码, and the member area's. */
export type SmsCodePurpose =
  | 'login'
  | 'register'
  | 'resetPassword'
  | 'changePassword'
  | 'verifyMobile'
  | 'bindMobile'
  | 'cancelAccount';
export type SmsMessagePurpose = SmsCodePurpose | 'activityReminder';

export type SmsMessage =
  | { purpose: SmsCodePurpose; params: { code: string } }
  | {
      purpose: 'activityReminder';
      /** kind: 秒杀 / 限时折扣; title: the activity; time: its start, HH:mm Shanghai time. */
      params: { kind: string; title: string; time: string };
      /** Only for the shop's own text: its name, and whether the sweep came after the start. */
      siteName: string;
      started: boolean;
    };

/** The template setting of each purpose (README «短信服务商»). */
export const SMS_TEMPLATE_SETTINGS = {
  login: 'SMS_TEMPLATE_LOGIN',
  register: 'SMS_TEMPLATE_REGISTER',
  resetPassword: 'SMS_TEMPLATE_RESET_PASSWORD',
  changePassword: 'SMS_TEMPLATE_CHANGE_PASSWORD',
  verifyMobile: 'SMS_TEMPLATE_VERIFY_MOBILE',
  bindMobile: 'SMS_TEMPLATE_BIND_MOBILE',
  cancelAccount: 'SMS_TEMPLATE_CANCEL_ACCOUNT',
  activityReminder: 'SMS_TEMPLATE_ACTIVITY_REMINDER',
} as const satisfies Record<SmsMessagePurpose, string>;

export type SmsTemplateSetting = (typeof SMS_TEMPLATE_SETTINGS)[SmsMessagePurpose];

/** A template variable's longest value: the providers refuse longer ones (aliyun 35, tencent fewer for some accounts). */
const MAX_PARAM = 20;

function clip(v: string): string {
  const chars = [...v];
  return chars.length > MAX_PARAM ? `${chars.slice(0, MAX_PARAM - 1).join('')}…` : v;
}

/**
 * The template variables in the order tencent numbers them ({1}, {2}, …); aliyun takes them by name.
 * A code template has one variable, `code`; the reminder `kind`, `title`, `time`.
 */
export function templateParams(message: SmsMessage): [name: string, value: string][] {
  if (message.purpose === 'activityReminder') {
    const p = message.params;
    return [
      ['kind', p.kind],
      ['title', clip(p.title)],
      ['time', p.time],
    ];
  }
  return [['code', message.params.code]];
}

const CODE_TEXT: Record<SmsCodePurpose, (code: string) => string> = {
  login: (code) => `【优选商城】您的验证码是 ${code}，5 分钟内有效。请勿告诉他人。`,
  register: (code) => `【优选商城】您的验证码是 ${code}，5 分钟内有效。请勿告诉他人。`,
  resetPassword: (code) =>
    `【优选商城】您正在重置登录密码，验证码 ${code}，5 分钟内有效。如非本人操作，请忽略本短信并注意账号安全。`,
  changePassword: (code) => `【优选商城】您正在修改登录密码，验证码 ${code}，5 分钟内有效。如非本人操作，请忽略本短信。`,
  verifyMobile: (code) =>
    `【优选商城】您正在进行身份验证以更换绑定手机号，验证码 ${code}，5 分钟内有效。如非本人操作，请忽略本短信。`,
  bindMobile: (code) =>
    `【优选商城】您正在将本手机号绑定到优选商城账号，验证码 ${code}，5 分钟内有效。如非本人操作，请忽略本短信。`,
  cancelAccount: (code) =>
    `【优选商城】您正在申请注销优选商城账号，验证码 ${code}，5 分钟内有效。如非本人操作，请勿告诉他人并尽快修改密码。`,
};

/** The whole text, as the outbox keeps it and the webhook posts it. */
export function smsText(message: SmsMessage): string {
  if (message.purpose === 'activityReminder') {
    const { kind, title, time } = message.params;
    return message.started
      ? `【${message.siteName}】您关注的${kind}「${title}」已于 ${time} 开抢，快去看看吧。`
      : `【${message.siteName}】您关注的${kind}「${title}」将于 ${time} 开抢，请准时参与。`;
  }
  return CODE_TEXT[message.purpose](message.params.code);
}

/** The template of the message's purpose; a code purpose without its own falls back to the sign-in one. */
export function templateCode(config: Config, message: SmsMessage): string {
  const own = config[SMS_TEMPLATE_SETTINGS[message.purpose]];
  return own || config.SMS_TEMPLATE_LOGIN!;
}

