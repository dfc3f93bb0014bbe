import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「站点设置」: a placeholder until the settings feature brings its screen (replace this file). */
export default function SiteSettingsPage() {
  return <UnderConstruction />;
}
