import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../../shared/ipc/contract';
import type { IpcError } from '../../../../shared/result';
import { errorText } from '../../../i18n/setup';
import { Money } from '../../../components/Money';

export type TestResult = ResponseOf<'profile:test'> | { ok: false; reason: 'app'; error: IpcError };

/** The connection test sent through the pasted profile to the owner's account, said by reason. */
export function BenchTest({
  needed,
  disabled,
  result,
  onTest,
}: {
  needed: boolean;
  disabled: boolean;
  result: TestResult | null;
  onTest: () => void;
}) {
  const { t } = useTranslation();
  if (!needed) return <p className="field-hint">{t('bench.noAccount')}</p>;
  return (
    <div className="bench-test">
      <button type="button" className="button-secondary" disabled={disabled} onClick={onTest}>
        {t('bench.test')}
      </button>
      {result && (
        <p role="status" className={result.ok ? 'test-ok' : 'test-bad'}>
          <span aria-hidden="true">{result.ok ? '✓ ' : '✕ '}</span>
          {result.ok ? (
            <>
              {t('settings.testOk')} <Money value={result.buyer} />
            </>
          ) : result.reason === 'app' ? (
            errorText(t, result.error)
          ) : (
            <>
              {t(`settings.testFailed.${result.reason}`)}
              {result.said && (
                <>
                  {' '}
                  <q translate="no">{result.said}</q>
                </>
              )}
            </>
          )}
        </p>
      )}
    </div>
  );
}
