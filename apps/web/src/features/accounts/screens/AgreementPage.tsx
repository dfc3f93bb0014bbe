import { Link, useLocation } from 'react-router';
import { LoadError } from '../../../components/LoadError.tsx';
import { Loading } from '../../../components/Panel.tsx';
import { useAgreement, type AgreementKind } from '../api/getAgreement.ts';
import styles from './AgreementPage.module.css';

/** Paragraphs are separated by blank lines; lines within one keep their breaks. Shown as text, never markup. */
function paragraphs(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** 《用户协议》 at /agreement/user and 《隐私政策》 at /agreement/privacy, their texts set by operators. */
export default function AgreementPage() {
  const kind: AgreementKind = useLocation().pathname.endsWith('/privacy') ? 'privacy' : 'user';
  const agreement = useAgreement(kind);
  const other = kind === 'user' ? { to: '/agreement/privacy', text: '《隐私政策》' } : { to: '/agreement/user', text: '《用户协议》' };

  return (
    <article className={styles.page} aria-labelledby="agreement-title">
      <h1 id="agreement-title" className={styles.title}>
        {kind === 'user' ? '用户协议' : '隐私政策'}
      </h1>
      {agreement.isLoading ? (
        <Loading />
      ) : agreement.isError || !agreement.data ? (
        <LoadError error={agreement.error} onRetry={() => void agreement.refetch()} />
      ) : (
        <div className={styles.body}>
          {paragraphs(agreement.data.content).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {agreement.data.sections?.length ? (
            <section aria-labelledby="privacy-facts-title" data-testid="privacy-facts">
              <h2 id="privacy-facts-title" className={styles.sectionTitle}>
                本商城当前的个人信息处理情况
              </h2>
              {agreement.data.sections.map((s) => (
                <div key={s.title}>
                  <h3 className={styles.subTitle}>{s.title}</h3>
                  <ul className={styles.items}>
                    {s.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          ) : null}
        </div>
      )}
      <footer className={styles.footer}>
        另请阅读 <Link to={other.to}>{other.text}</Link>
      </footer>
    </article>
  );
}
