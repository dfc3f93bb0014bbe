import { Form, Input } from 'antd';
import type { SettingViews } from '../types.ts';
import { SettingsCard } from './SettingsCard.tsx';

/** Mirrors the server's schema (modules/site/agreements.ts), which decides. */
const AGREEMENT_MAX = 20_000;
const LOOKS_LIKE_HTML = /<\s*\/?\s*[a-z!][^>]*>/i;

interface AgreementsForm {
  userAgreement: string;
  privacyPolicy: string;
}

const rules = (name: string) => [
  { required: true, whitespace: true, message: `请填写${name}` },
  { min: 20, message: `${name}至少 20 个字` },
  { max: AGREEMENT_MAX, message: `${name}不能超过 ${AGREEMENT_MAX} 个字` },
  {
    validator: (_: unknown, v: string = '') =>
      LOOKS_LIKE_HTML.test(v)
        ? Promise.reject(new Error(`${name}请使用纯文本，不能包含 HTML 标签（用空行分段）`))
        : Promise.resolve(),
  },
];

/**
 * 《用户协议》 and 《隐私政策》: the texts buyers agree to before signing up (/agreement/user and
 * /agreement/privacy in the shop). Plain text; a blank line starts a new paragraph.
 */
export function AgreementsCard({ settings }: { settings: SettingViews }) {
  return (
    <SettingsCard<AgreementsForm>
      title="用户协议与隐私政策"
      description="买家注册或短信登录前须勾选同意。使用纯文本，空行分段；保存后买家端立即显示新内容。"
      settings={settings}
      keys={['userAgreement', 'privacyPolicy']}
      toForm={(s) => ({ userAgreement: s.userAgreement, privacyPolicy: s.privacyPolicy })}
      fromForm={(f) => ({ userAgreement: f.userAgreement?.trim() ?? '', privacyPolicy: f.privacyPolicy?.trim() ?? '' })}
      testId="agreements-card"
    >
      <Form.Item
        name="userAgreement"
        label="用户协议"
        extra={
          <a href="/agreement/user" target="_blank" rel="noopener">
            在商城中查看
          </a>
        }
        rules={rules('用户协议')}
      >
        <Input.TextArea autoSize={{ minRows: 6, maxRows: 14 }} maxLength={AGREEMENT_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="privacyPolicy"
        label="隐私政策"
        extra={
          <a href="/agreement/privacy" target="_blank" rel="noopener">
            在商城中查看
          </a>
        }
        rules={rules('隐私政策')}
      >
        <Input.TextArea autoSize={{ minRows: 6, maxRows: 14 }} maxLength={AGREEMENT_MAX} showCount />
      </Form.Item>
    </SettingsCard>
  );
}
