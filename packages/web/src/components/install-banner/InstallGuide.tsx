import { CenterPopup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Logo } from '../icons/Logo';

/** The centred install guide (spec §2): the operator's guide image, or a short text guide. */
export function InstallGuide({
  visible,
  image,
  onClose,
}: {
  visible: boolean;
  image: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <CenterPopup visible={visible} onMaskClick={onClose} bodyClassName="install-guide">
      <div data-testid="install-guide" onClick={onClose}>
        {image ? (
          <img src={image} alt={t('banner.guideTitle')} className="install-guide__image" />
        ) : (
          <>
            <Logo size={56} />
            <h2>{t('banner.guideTitle')}</h2>
            <p>{t('banner.guideBody')}</p>
          </>
        )}
      </div>
    </CenterPopup>
  );
}
