import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import { useAppStore } from '../stores/app-store';
import { errorText } from '../i18n/setup';
import { ModeBadge } from '../components/ModeBadge';
import { LanguageSwitch } from '../components/LanguageSwitch';

const SECTIONS = ['recharge', 'history', 'complaints', 'settings'] as const;
type Section = (typeof SECTIONS)[number];

export function App({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const { info, error, load } = useAppStore();
  const [section, setSection] = useState<Section>('recharge');

  useEffect(() => {
    void load(desk);
  }, [desk, load]);

  return (
    <div className={`shell ${info?.mode === 'demo' ? 'is-demo' : ''}`}>
      <header className="shell-header">
        <h1 className="app-name">{t('app.name')}</h1>
        {info && <ModeBadge mode={info.mode} />}
        <div className="header-spacer" />
        <LanguageSwitch />
      </header>
      <nav className="shell-nav" aria-label={t('nav.label')}>
        {SECTIONS.map((s) => (
          <button key={s} type="button" aria-current={s === section ? 'page' : undefined} onClick={() => setSection(s)}>
            {t(`nav.${s}`)}
          </button>
        ))}
      </nav>
      <main className="shell-main">
        {error && (
          <p role="alert" className="error-banner">
            {errorText(t, error.code, error.message)}
          </p>
        )}
        {!info && !error && <p>{t('app.loading')}</p>}
        <section aria-labelledby="section-title">
          <h2 id="section-title">{t(`nav.${section}`)}</h2>
          <p>{t('shell.comingSoon')}</p>
        </section>
      </main>
      {info && (
        <footer className="shell-footer">
          <span>{t('shell.version', { version: info.version })}</span>
          <span>{t('shell.dataDir', { dir: info.dataDir })}</span>
        </footer>
      )}
    </div>
  );
}
