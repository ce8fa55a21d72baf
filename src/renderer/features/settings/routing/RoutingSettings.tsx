import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { OutcomeText } from '../../../components/OutcomeText';
import type { DeskApi } from '../../../../shared/ipc/desk-api';
import type { RoutingView } from '../../../../shared/ipc/routing-schemas';
import type { RoutingRules } from '../../../../shared/routing/routing-schema';
import { MAX_ATTEMPTS_CEILING } from '../../../../shared/routing/routing-limits';
import type { IpcError, Result } from '../../../../shared/result';
import { RoutingAccounts } from './RoutingAccounts';
import { RoutingRoutes } from './RoutingRoutes';
import { wholeOf } from './routing-draft';

/**
 * Settings → Provider accounts and routing (issue 29): the owner's accounts and the route of each
 * operator, edited as a draft and saved whole. Main checks every rule and answers a refusal with
 * every fault in words; nothing is saved then, and the draft stays as typed to be corrected.
 */
export function RoutingSettings({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const [view, setView] = useState<RoutingView | null>(null);
  const [draft, setDraft] = useState<RoutingRules | null>(null);
  const [profiles, setProfiles] = useState<{ id: string; name: string }[]>([]);
  const [error, setError] = useState<IpcError | null>(null);
  const [done, setDone] = useState<{ key: string; name?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void desk.routing.get().then((r) => {
      if (!r.ok) return setError(r.error);
      setView(r.data);
      setDraft(r.data.rules);
    });
    void desk.profile.list().then((r) => r.ok && setProfiles(r.data.available));
  }, [desk]);

  const edit = (rules: RoutingRules) => {
    setDraft(rules);
    setDone(null);
  };

  /** Sends one change; the answer is the rules as main now holds them. */
  const send = async (
    call: () => Promise<Result<RoutingView>>,
    said: { key: string; name?: string },
    replaceDraft = true,
  ): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setDone(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return false;
    }
    setView(r.data);
    if (replaceDraft) setDraft(r.data.rules);
    setDone(said);
    return true;
  };

  if (!view || !draft)
    return error ? (
      <p role="alert" className="test-bad">
        <OutcomeText outcome={error} />
      </p>
    ) : null;
  return (
    <section className="settings-card routing-card" aria-labelledby="routing-title">
      <h3 id="routing-title">{t('routing.title')}</h3>
      <p className="field-hint">{t('routing.hint')}</p>
      {view.state === 'none' && <p>{t('routing.none')}</p>}
      {view.state === 'set_aside' && (
        <p className="test-bad">
          {t('routing.setAside')} {view.problem && <OutcomeText outcome={view.problem} />}
        </p>
      )}
      <fieldset className="routing-general">
        <label className="chip">
          <input type="checkbox" checked={draft.enabled} onChange={(e) => edit({ ...draft, enabled: e.target.checked })} />{' '}
          {t('routing.enabled')}
        </label>
        <label className="filter" htmlFor="routing-attempts">
          <span>{t('routing.maxAttempts')}</span>
          <select
            id="routing-attempts"
            value={draft.maxAttemptsPerSale}
            onChange={(e) => edit({ ...draft, maxAttemptsPerSale: Number(e.target.value) })}
          >
            {Array.from({ length: MAX_ATTEMPTS_CEILING }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="filter" htmlFor="routing-pause-after">
          <span>{t('routing.pauseAfter')}</span>
          <input
            id="routing-pause-after"
            className="routing-number"
            inputMode="numeric"
            defaultValue={String(draft.pauseAfterFailures)}
            onChange={(e) => edit({ ...draft, pauseAfterFailures: wholeOf(e.target.value) })}
          />
        </label>
      </fieldset>
      <RoutingAccounts
        draft={draft}
        view={view}
        profiles={profiles}
        busy={busy}
        onDraft={edit}
        onToken={(a, credentials) =>
          send(() => desk.routing.setToken({ account: a.id, credentials }), { key: 'routing.tokenDone', name: a.name }, false)
        }
        onResume={(a) => void send(() => desk.routing.resume({ account: a.id }), { key: 'routing.resumed', name: a.name })}
      />
      <RoutingRoutes draft={draft} onDraft={edit} />
      <div className="details-actions">
        <button
          type="button"
          className="button-primary"
          disabled={busy}
          onClick={() => void send(() => desk.routing.save({ rules: draft }), { key: 'routing.saved' })}
        >
          {t('routing.save')}
        </button>
      </div>
      {done && (
        <p role="status" className="test-ok">
          <span aria-hidden="true">✓ </span>
          <Trans i18nKey={done.key} values={{ name: done.name }} components={{ n: <span translate="no" /> }} />
        </p>
      )}
      {error && (
        <p role="alert" className="test-bad">
          <span aria-hidden="true">✕ </span>
          <OutcomeText outcome={error} />
        </p>
      )}
    </section>
  );
}
