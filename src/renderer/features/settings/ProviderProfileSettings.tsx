import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { IpcError } from '../../../shared/result';
import { errorText } from '../../i18n/setup';
import { ProfileWorkbench } from './profile-bench/ProfileWorkbench';

type List = ResponseOf<'profile:list'>;

/**
 * Settings → Provider profile: which dialect the provider's answers are read in. A built-in one is
 * picked from the list; a pasted or opened one goes through the workbench, which saves nothing
 * until it passes. The profile in use can be exported for another shop, without credentials.
 */
export function ProviderProfileSettings({ desk, onChanged }: { desk: DeskApi; onChanged: () => void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<List | null>(null);
  const [chosen, setChosen] = useState('');
  const [exported, setExported] = useState<string | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void desk.profile.list().then((r) => {
      if (!r.ok) return setError(r.error);
      setList(r.data);
      setChosen(r.data.current.id);
    });
  }, [desk]);

  const use = async (req: { id: string }) => {
    setBusy(true);
    setError(null);
    setDone(false);
    const r = await desk.profile.use(req);
    setBusy(false);
    if (!r.ok) return setError(r.error);
    saved(r.data);
  };

  const saved = (next: List) => {
    setList(next);
    setChosen(next.current.id);
    setDone(true);
    onChanged();
  };

  const exportCurrent = async () => {
    if (!list) return;
    setError(null);
    setExported(null);
    const r = await desk.profile.export({ id: list.current.id });
    if (!r.ok) return setError(r.error);
    setExported(r.data.path);
  };

  if (!list) return null;
  return (
    <section className="settings-card" aria-labelledby="profile-title">
      <h3 id="profile-title">{t('profile.title')}</h3>
      <p className="field-hint">{t('profile.hint')}</p>
      <p>
        {t('profile.current')} <strong translate="no">{list.current.name}</strong>
      </p>
      {list.demo && <p className="field-hint">{t('profile.demo')}</p>}
      <label className="filter" htmlFor="profile-pick">
        {t('profile.pick')}
        <select id="profile-pick" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {list.available.map((p) => (
            <option key={p.id} value={p.id} translate="no">
              {p.name}
              {p.builtin ? '' : ` (${t('profile.imported')})`}
            </option>
          ))}
        </select>
      </label>
      <div className="details-actions">
        <button
          type="button"
          className="button-primary"
          disabled={busy || chosen === list.current.id}
          onClick={() => void use({ id: chosen })}
        >
          {t('profile.use')}
        </button>
        <button type="button" className="button-secondary" onClick={() => void exportCurrent()}>
          {t('bench.export')}
        </button>
      </div>
      <p className="field-hint">{t('bench.exportHint')}</p>
      {exported && (
        <p role="status" className="test-ok">
          {t('bench.exported')}{' '}
          <code className="mono" translate="no">
            {exported}
          </code>
        </p>
      )}
      <ProfileWorkbench desk={desk} onSaved={saved} />
      {done && (
        <p role="status" className="test-ok">
          <span aria-hidden="true">✓ </span>
          {t('profile.done', { name: list.current.name })}
        </p>
      )}
      {error && (
        <p role="alert" className="test-bad">
          <span aria-hidden="true">✕ </span>
          {errorText(t, error)}
        </p>
      )}
    </section>
  );
}
