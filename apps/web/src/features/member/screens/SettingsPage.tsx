import { Space } from 'antd';
import { CancellationCard } from '../components/CancellationCard.tsx';
import { MobileCard } from '../components/MobileCard.tsx';
import { PasswordCard } from '../components/PasswordCard.tsx';
import { PrivacyCard } from '../components/PrivacyCard.tsx';
import { SecurityLevel } from '../components/SecurityLevel.tsx';
import { SessionsCard } from '../components/SessionsCard.tsx';

/** 账户安全: security level, password, bound mobile, signed-in devices, 个人信息与隐私 (marketing consent, data copies) and 注销账号. */
export default function SettingsPage() {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <SecurityLevel />
      <PasswordCard />
      <MobileCard />
      <SessionsCard />
      <PrivacyCard />
      <CancellationCard />
    </Space>
  );
}
