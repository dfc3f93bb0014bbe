import { z } from 'zod';

/**
 * 《用户协议》 and 《隐私政策》: plain text an operator sets in 站点设置, shown to buyers before they
 * register or sign up by code (PIPL asks for consent before personal data is processed). Paragraphs
 * are separated by blank lines; the buyer's page shows each line as text, never as markup, and a text
 * that looks like HTML is refused so an operator is not surprised by tags shown literally.
 */
export const AGREEMENT_MAX = 20_000;
const LOOKS_LIKE_HTML = /<\s*\/?\s*[a-z!][^>]*>/i;

export const agreementText = (name: string) =>
  z
    .string({ error: `${name}格式不正确` })
    .trim()
    .min(20, `${name}至少 20 个字`)
    .max(AGREEMENT_MAX, `${name}不能超过 ${AGREEMENT_MAX} 个字`)
    // PostgreSQL text cannot hold U+0000.
    .refine((v) => !v.includes('\u0000'), `${name}包含无效字符`)
    .refine((v) => !LOOKS_LIKE_HTML.test(v), `${name}请使用纯文本，不能包含 HTML 标签（用空行分段）`);

export const AGREEMENTS = {
  user: { key: 'userAgreement', title: '用户协议' },
  privacy: { key: 'privacyPolicy', title: '隐私政策' },
} as const;
export type AgreementKind = keyof typeof AGREEMENTS;

export const DEFAULT_USER_AGREEMENT = `欢迎使用优选商城！在注册或使用本商城服务前，请您仔细阅读本协议。您勾选“我已阅读并同意”并完成注册或登录，即表示您已充分理解并同意本协议的全部内容。

一、账号注册与使用
1. 您应使用本人的手机号注册，并妥善保管账号、密码与验证码，不得转让或出借账号。
2. 因您保管不善导致账号被他人使用的，由此产生的后果由您自行承担；发现账号异常时，请立即修改密码或联系客服。

二、商品与订单
1. 商品的价格、库存与优惠以下单时页面显示及系统计算结果为准。
2. 订单提交并付款后，商城将按约定发货；您可在“我的订单”中查看物流进度并确认收货。

三、售后服务
1. 商品支持在约定的售后期限内申请退款或退货退款，具体以商品页面及售后规则为准。
2. 定制类、鲜活易腐等依法不适用七天无理由退货的商品，以商品页面说明为准。

四、用户行为规范
您不得利用本商城从事违法违规活动，不得恶意下单、刷单、套取优惠或干扰商城正常运营。

五、协议的变更
商城可根据法律法规或业务调整修订本协议，修订后的协议将在本页面公布；继续使用服务即视为同意修订后的协议。

如对本协议有任何疑问，请联系商城客服。`;

export const DEFAULT_PRIVACY_POLICY = `优选商城深知个人信息对您的重要性，我们依据《中华人民共和国个人信息保护法》等法律法规处理您的个人信息。请您在注册或登录前仔细阅读本政策。

一、我们收集的信息
1. 注册与登录：手机号、用户名、密码（仅保存加密后的摘要）、短信验证码的校验记录。
2. 购物与配送：收货人姓名、收货地址、联系电话、订单与支付记录。
3. 跨境商品：依海关要求提供的实名信息，身份证号加密存储，展示时脱敏。
4. 安全保障：登录设备、IP 地址与访问时间，用于识别异常登录、保护账号安全。

二、我们如何使用信息
仅在完成注册登录、订单交付、售后服务、账号安全及法律法规要求的范围内使用，不会用于与上述目的无关的用途。

三、信息的共享
为完成配送与支付，我们会向承运物流公司、支付机构提供完成该服务所必需的信息；除法律法规另有规定外，未经您的同意，我们不会向其他第三方提供您的个人信息。

四、信息的保存与保护
我们采取加密存储、访问控制等措施保护您的个人信息，并仅在实现处理目的所必要的期限内保存。

五、您的权利
您可以在“会员中心”查阅、更正您的个人资料与收货地址，修改密码、管理登录设备，在“账户安全”申请个人信息副本、关闭或重新开启营销消息，并可自助注销账号（经短信验证码确认，冷静期内登录可撤销；冷静期满后个人信息将被删除，依法需保存的订单与售后记录将去标识化保存）。

六、政策的更新
本政策更新后将在本页面公布。如有疑问，请联系商城客服。`;
