import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../shared/ipc/contract';
import type { IpcError } from '../../../shared/result';
import { errorText } from '../../i18n/setup';

type List = ResponseOf<'profile:list'>;
type Checked = ResponseOf<'profile:check'> & { text: string };

/** Big enough for any real profile; a bigger file is not one, and is not read into the page. */
const MAX_FILE_BYTES = 256 * 1024;

/**
 * Settings → Provider profile: which dialect the provider's answers are read in. A built-in one is
 * picked from the list; a file is read and its samples shown, as the app would read each, before
 * the owner accepts it. Nothing changes until "Use this profile".
 */
export function ProviderProfileSettings({ desk, onChanged }: { desk: DeskApi; onChanged: () => void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<List | null>(null);
  const [chosen, setChosen] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
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

  const use = async (req: { id: string } | { text: string }) => {
    setBusy(true);
    setError(null);
    setDone(false);
    const r = await desk.profile.use(req);
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setList(r.data);
    setChosen(r.data.current.id);
    setChecked(null);
    setDone(true);
    onChanged();
  };

  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setChecked(null);
    setDone(false);
    setError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setError({ code: 'profile_unreadable', params: { where: '' } });
    const text = await file.text();
    const r = await desk.profile.check({ text });
    if (!r.ok) return setError(r.error);
    setChecked({ ...r.data, text });
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
        <label className="button-secondary file-button">
          {t('profile.import')}
          <input type="file" accept=".json,application/json" onChange={(e) => void readFile(e)} />
        </label>
      </div>
      {checked && (
        <div className="profile-preview" role="region" aria-labelledby="profile-preview-title">
          <h4 id="profile-preview-title">{t('profile.preview', { name: checked.profile.name, version: checked.profile.version })}</h4>
          <table className="report-table">
            <thead>
              <tr>
                <th scope="col">{t('profile.sampleCall')}</th>
                <th scope="col">{t('profile.sampleNote')}</th>
                <th scope="col">{t('profile.sampleRead')}</th>
              </tr>
            </thead>
            <tbody>
              {checked.samples.map((s, i) => (
                <tr key={i}>
                  <td>{t(`profile.call.${s.call}`)}</td>
                  <td translate="no">{s.note}</td>
                  <td>{t(`profile.reads.${s.read}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="details-actions">
            <button type="button" className="button-primary" disabled={busy} onClick={() => void use({ text: checked.text })}>
              {t('profile.useImported')}
            </button>
            <button type="button" className="button-quiet" onClick={() => setChecked(null)}>
              {t('profile.cancel')}
            </button>
          </div>
        </div>
      )}
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
