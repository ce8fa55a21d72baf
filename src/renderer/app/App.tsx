import { UnreceivedUpi } from '../features/tray/UnreceivedUpi';
import { GiveBackTray } from '../features/tray/GiveBackTray';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import { useAppStore } from '../stores/app-store';
import { useBalanceStore } from '../stores/balance-store';
import { useOpenTxnsStore } from '../stores/open-txns-store';
import { ModeBadge } from '../components/ModeBadge';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { BalanceHeader } from '../components/BalanceHeader';
import { RechargeScreen } from '../features/recharge/RechargeScreen';
import { OpenTray } from '../features/tray/OpenTray';
import { HistoryScreen } from '../features/history/HistoryScreen';
import { ComplaintsScreen } from '../features/complaints/ComplaintsScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { ReportsScreen } from '../features/reports/ReportsScreen';
import { CustomersScreen } from '../features/customers/CustomersScreen';
import type { Customer } from '../../shared/customer-schemas';
import { UpdateBanner } from '../components/UpdateBanner';
import { NoticeBar } from '../components/NoticeBar';
import { PracticeNumbers } from '../features/practice/PracticeNumbers';
import { useSettingsStore } from '../stores/settings-store';
import { useRechargeStore } from '../stores/recharge-store';
import type { TxnView } from '../../shared/ipc/txn-schemas';
import { useLienRefresh } from './use-lien-refresh';
import { focusFirstField, useSectionKeys } from './use-section-keys';
import { useLockStore } from '../stores/lock-store';
import { useAccountsStore } from '../stores/accounts-store';
import { LockButton } from '../features/lock/LockButton';
import { UnlockDialog } from '../features/lock/UnlockDialog';
import { useFormat } from '../hooks/use-format';
import { ErrorBanner } from '../components/ErrorBanner';
import { BalanceRefusal } from '../components/BalanceRefusal';

const SECTIONS = ['recharge', 'history', 'customers', 'complaints', 'reports', 'settings'] as const;
/** The core still opening after this long is upgrading a big ledger, most likely: say so. */
const SLOW_START_MS = 2_000;
type Section = (typeof SECTIONS)[number];

export function App({ desk }: { desk: DeskApi }) {
  const { t, i18n } = useTranslation();
  const { info, error, load } = useAppStore();
  // Bumped when the account or mode changes: the stores reconnect to the new session's ledger.
  const [session, setSession] = useState(0);
  const online = useBalanceStore((s) => s.online);
  const openCount = useOpenTxnsStore((s) => s.open.length);
  // Until the last page of open recharges is in, a count would be a part of them told as the whole.
  const openCounted = useOpenTxnsStore((s) => s.loaded);
  const f = useFormat();
  const [section, setSection] = useState<Section>('recharge');
  // Bumped by each switch by key: the new screen's first box takes the keys once it is drawn.
  const [keyed, setKeyed] = useState(0);
  const byKey = useCallback((s: Section) => {
    setSection(s);
    setKeyed((n) => n + 1);
  }, []);
  useSectionKeys(SECTIONS, byKey);
  useEffect(() => {
    const main = document.querySelector('.shell-main');
    if (keyed === 0 || !main || main.contains(document.activeElement)) return;
    const counter = section === 'recharge' ? main.querySelector<HTMLElement>('#recharge-number') : null;
    if (counter) counter.focus();
    else focusFirstField(main);
  }, [keyed, section]);
  const [slowStart, setSlowStart] = useState(false);
  useEffect(() => {
    if (info) return;
    const timer = setTimeout(() => setSlowStart(true), SLOW_START_MS);
    return () => clearTimeout(timer);
  }, [info]);

  useEffect(() => {
    void desk.settings.get().then((r) => {
      if (!r.ok) return;
      // The screens that read a setting (the result card's commission) have it from the start.
      useSettingsStore.setState({ settings: r.data });
      if (r.data.language !== i18n.language) void i18n.changeLanguage(r.data.language);
    });
  }, [desk, i18n]);

  useEffect(() => {
    void load(desk);
    const offBalance = useBalanceStore.getState().connect(desk);
    const offOpen = useOpenTxnsStore.getState().connect(desk);
    const offAccounts = useAccountsStore.getState().connect(desk);
    return () => {
      offBalance();
      offOpen();
      offAccounts();
    };
  }, [desk, load, session]);
  useLienRefresh(desk);
  useEffect(() => useLockStore.getState().connect(desk), [desk]);
  const unlocking = useLockStore((s) => s.dialogOpen);

  const mode = info?.mode ?? 'demo';
  const repeat = (txn: TxnView) => {
    useRechargeStore.getState().repeat(txn);
    setSection('recharge');
  };
  const repeatCustomer = (c: Customer) => {
    useRechargeStore.getState().repeatCustomer(c);
    setSection('recharge');
  };
  return (
    <div className={`shell ${mode === 'demo' ? 'is-demo' : ''}`}>
      <header className="shell-header">
        <h1 className="app-name">{t('app.name')}</h1>
        {/* Demo must be impossible to miss; live shows as the connection state beside the balance. */}
        {info?.mode === 'demo' && <ModeBadge mode="demo" />}
        <BalanceHeader desk={desk} mode={mode} />
      </header>
      <nav className="shell-nav" aria-label={t('nav.label')}>
        {SECTIONS.map((s, i) => (
          <button
            key={s}
            type="button"
            data-section={s}
            aria-current={s === section ? 'page' : undefined}
            aria-keyshortcuts={`Alt+${i + 1}`}
            title={t('nav.key', { n: i + 1 })}
            onClick={() => setSection(s)}
          >
            {t(`nav.${s}`)}
          </button>
        ))}
        {openCount > 0 && (
          <span className="open-count" role="status">
            <span aria-hidden="true">◔ </span>
            {openCounted ? t('header.open', { count: openCount, n: f.count(openCount) }) : t('header.openCounting')}
          </span>
        )}
        <LockButton desk={desk} />
        {/* In the navigation row, leaving the header's width to the wallet at 1024×768. Staff may
            change it too: a language-only settings:update is theirs (channel-roles.ts). */}
        <LanguageSwitch className="language-switch" onChosen={(language) => void desk.settings.update({ language })} />
      </nav>
      {!online && mode === 'live' && (
        <p role="alert" className="banner-offline wide">
          {t('offline.banner')}
        </p>
      )}
      <BalanceRefusal />
      <UpdateBanner desk={desk} />
      <NoticeBar desk={desk} session={session} onRestored={() => setSession((n) => n + 1)} />
      <main className="shell-main">
        <ErrorBanner error={error} />
        {!info && !error && <p role="status">{slowStart ? t('app.slowStart') : t('app.loading')}</p>}
        {section === 'recharge' ? (
          <div className="counter">
            <RechargeScreen desk={desk} mode={mode} />
            <div className="counter-side">
              <OpenTray desk={desk} />
              <GiveBackTray desk={desk} />
              <UnreceivedUpi desk={desk} />
              {mode === 'demo' && <PracticeNumbers desk={desk} />}
            </div>
          </div>
        ) : section === 'history' ? (
          <HistoryScreen desk={desk} mode={mode} onRepeat={repeat} />
        ) : section === 'customers' ? (
          <CustomersScreen desk={desk} onRepeat={repeatCustomer} />
        ) : section === 'complaints' ? (
          <ComplaintsScreen desk={desk} />
        ) : section === 'reports' ? (
          <ReportsScreen desk={desk} />
        ) : (
          <SettingsScreen desk={desk} onModeChanged={() => setSession((n) => n + 1)} />
        )}
      </main>
      {unlocking && <UnlockDialog desk={desk} />}
      {info && (
        <footer className="shell-footer">
          <span>{t('shell.version', { version: info.version })}</span>
          <span>
            {t('shell.dataDir')}{' '}
            <span className="mono" translate="no">
              {info.dataDir}
            </span>
          </span>
        </footer>
      )}
    </div>
  );
}
