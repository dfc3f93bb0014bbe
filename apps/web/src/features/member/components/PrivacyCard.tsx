import { Card, Divider } from 'antd';
import { Link } from 'react-router';
import { DataCopySection } from './DataCopySection.tsx';
import { MarketingConsentSection } from './MarketingConsentSection.tsx';

/** 个人信息与隐私 (PIPL): consent to marketing messages and copies of the member's data. */
export function PrivacyCard() {
  return (
    <Card
      title="个人信息与隐私"
      data-testid="privacy-card"
      extra={
        <Link to="/agreement/privacy" target="_blank" rel="noopener">
          《隐私政策》
        </Link>
      }
    >
      <MarketingConsentSection />
      <Divider style={{ margin: '16px 0' }} />
      <DataCopySection />
    </Card>
  );
}
