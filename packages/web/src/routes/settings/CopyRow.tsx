import { useTranslation } from 'react-i18next';
import { copyText } from '../user/invite/use-copy';
import './opds.css';

/** One value an e-reader app asks for (URL, user name, token), shown in full with a Copy button. */
export function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="opds__row">
      <span className="opds__label">{label}</span>
      <code className="opds__value" data-testid={testId}>
        {value}
      </code>
      <button
        type="button"
        className="opds__copy"
        data-testid={`${testId}-copy`}
        onClick={() => void copyText(value, t('opds.copied'), t('opds.copyFailed'))}
      >
        {t('opds.copy')}
      </button>
    </div>
  );
}
