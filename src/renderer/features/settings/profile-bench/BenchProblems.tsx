import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../../shared/ipc/contract';
import { errorText } from '../../../i18n/setup';

type Problem = ResponseOf<'profile:bench'>['problems'][number];

/** Every problem of the pasted text in plain words, each with its line; the key path is the profile's own. */
export function BenchProblems({ problems, onGoTo }: { problems: readonly Problem[]; onGoTo: (line: number) => void }) {
  const { t } = useTranslation();
  if (problems.length === 0)
    return (
      <p role="status" className="test-ok">
        <span aria-hidden="true">✓ </span>
        {t('bench.none')}
      </p>
    );
  return (
    <section aria-labelledby="bench-problems-title" className="bench-problems">
      <h5 id="bench-problems-title">{t('bench.problems')}</h5>
      <ol role="list">
        {problems.map((p, i) => (
          <li key={i} className="test-bad">
            <button type="button" className="button-quiet" aria-label={t('bench.goTo', { line: p.line })} onClick={() => onGoTo(p.line)}>
              {t('bench.line', { line: p.line, column: p.column })}
            </button>{' '}
            {errorText(t, p.problem)}
            {p.path && (
              <>
                {' '}
                <code className="mono" translate="no">
                  {p.path}
                </code>
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
