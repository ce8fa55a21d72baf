import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../../../shared/ipc/desk-api';
import type { ResponseOf } from '../../../../shared/ipc/contract';
import type { IpcError } from '../../../../shared/result';
import { MAX_PROFILE_CHARS } from '../../../../shared/profiles/profile-size';
import { errorText } from '../../../i18n/setup';
import { BenchProblems } from './BenchProblems';
import { BenchSamples } from './BenchSamples';
import { BenchHosts } from './BenchHosts';
import { BenchTest, type TestResult } from './BenchTest';
import { LibraryPicker } from './LibraryPicker';

type Reading = ResponseOf<'profile:bench'>;
type List = ResponseOf<'profile:list'>;
type Step = 'parses' | 'law' | 'samples' | 'hosts' | 'test';

/** A file bigger than this is not read into the page at all (the text box would hold it for nothing). */
const MAX_FILE_BYTES = MAX_PROFILE_CHARS * 4;

/** A reading of more than a profile's size, said here: such a text is never sent to main. */
const tooLarge = (): Reading => ({
  problems: [
    { line: 1, column: 1, path: '', problem: { code: 'profile_problem', params: { kind: 'too_large', limit: MAX_PROFILE_CHARS } } },
  ],
  profile: null,
  lawPassed: false,
  samples: null,
  hosts: null,
  testNeeded: false,
});

/** What still stands between this reading and a save, in the order the owner meets them. */
function missingSteps(r: Reading, confirmed: ReadonlySet<string>, test: TestResult | null): Step[] {
  const missing: Step[] = [];
  if (!r.profile || r.problems.some((p) => p.problem.params.kind !== 'law')) missing.push('parses');
  if (r.profile && !r.lawPassed) missing.push('law');
  if (!r.samples || r.samples.some((s) => s.read !== s.expected)) missing.push('samples');
  if (!r.hosts || r.hosts.some((h) => !confirmed.has(h.name))) missing.push('hosts');
  if (r.testNeeded && !test?.ok) missing.push('test');
  return missing;
}

/**
 * Settings → Provider profile → the workbench (owner): paste or open a profile, see every problem
 * on its line, each sample as the app reads it and every address it sends to; confirm those, send
 * the connection test through it, and only then save it.
 */
export function ProfileWorkbench({ desk, onSaved }: { desk: DeskApi; onSaved: (list: List) => void }) {
  const { t } = useTranslation();
  const area = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [read, setRead] = useState<{ text: string; reading: Reading } | null>(null);
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const [test, setTest] = useState<TestResult | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (value: string) => {
    setError(null);
    setTest(null);
    setConfirmed(new Set());
    if (value.trim() === '') return setRead(null);
    setBusy(true);
    const r = await desk.profile.bench({ text: value });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setRead({ text: value, reading: r.data });
  };

  /**
   * A text larger than any profile is refused as it arrives and not kept in the box: laying out
   * megabytes in a text box would hold the page for minutes (a 10 MB paste did).
   */
  const edit = (value: string) => {
    if (value.length <= MAX_PROFILE_CHARS) return setText(value);
    setText('');
    setError(null);
    setRead({ text: '', reading: tooLarge() });
  };

  const openFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return edit('x'.repeat(MAX_PROFILE_CHARS + 1));
    const value = await file.text();
    edit(value);
    if (value.length <= MAX_PROFILE_CHARS) await check(value);
  };

  const goTo = (line: number) => {
    const el = area.current;
    if (!el) return;
    const lines = text.split('\n');
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    el.focus();
    el.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
    // Roughly where the line is: a textarea has no API to scroll a line into view.
    el.scrollTop = Math.max(0, ((line - 3) / Math.max(lines.length, 1)) * el.scrollHeight);
  };

  // The reading is of the text as it was checked: an edit since asks for another check.
  const current = read && read.text === text ? read.reading : null;
  const hosts = current?.hosts ?? [];
  const confirmedHosts = Object.fromEntries(hosts.map((h) => [h.name, h.url]));
  const missing = current ? missingSteps(current, confirmed, test) : null;

  const save = async () => {
    if (!current) return;
    setBusy(true);
    setError(null);
    const r = await desk.profile.use({ text, hosts: confirmedHosts });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setText('');
    setRead(null);
    onSaved(r.data);
  };

  const sendTest = async () => {
    setBusy(true);
    const r = await desk.profile.test({ text, hosts: confirmedHosts });
    setBusy(false);
    setTest(r.ok ? r.data : { ok: false, reason: 'app', error: r.error });
  };

  return (
    <div className="profile-bench" role="region" aria-labelledby="bench-title">
      <h4 id="bench-title">{t('bench.title')}</h4>
      <p className="field-hint">{t('bench.hint')}</p>
      <LibraryPicker
        onOpen={(value) => {
          edit(value);
          void check(value);
        }}
      />
      <label className="filter bench-text" htmlFor="bench-text">
        {t('bench.text')}
        <textarea
          id="bench-text"
          ref={area}
          className="mono"
          rows={10}
          spellCheck={false}
          translate="no"
          value={text}
          onChange={(e) => edit(e.target.value)}
        />
      </label>
      <div className="details-actions">
        <button type="button" className="button-primary" disabled={busy || text.trim() === ''} onClick={() => void check(text)}>
          {t('bench.check')}
        </button>
        <label className="button-secondary file-button">
          {t('bench.open')}
          <input type="file" accept=".json,application/json" onChange={(e) => void openFile(e)} />
        </label>
      </div>
      {busy && <p role="status">{t('bench.checking')}</p>}
      {current && <BenchProblems problems={current.problems} onGoTo={goTo} />}
      {current?.samples && <BenchSamples samples={current.samples} />}
      {current?.hosts && (
        <BenchHosts
          hosts={current.hosts}
          confirmed={confirmed}
          onConfirm={(name, yes) => {
            const next = new Set(confirmed);
            if (yes) next.add(name);
            else next.delete(name);
            setConfirmed(next);
            setTest(null);
          }}
        />
      )}
      {current?.profile && (
        <BenchTest
          needed={current.testNeeded}
          disabled={busy || missing?.includes('hosts') !== false}
          result={test}
          onTest={() => void sendTest()}
        />
      )}
      {missing && (
        <p role="status" className={missing.length === 0 ? 'test-ok' : 'field-hint'}>
          {missing.length === 0 ? t('bench.ready') : errorText(t, { code: 'profile_not_ready', params: { missing } })}
        </p>
      )}
      {current?.profile && (
        <div className="details-actions">
          <button type="button" className="button-primary" disabled={busy || missing?.length !== 0} onClick={() => void save()}>
            {t('bench.save')}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="test-bad">
          <span aria-hidden="true">✕ </span>
          {errorText(t, error)}
        </p>
      )}
    </div>
  );
}
