import { useTranslation } from 'react-i18next';
import './identity-card.css';

interface IdentityCardProps {
  qr: string;
  name: string;
  uid: number;
}

/** The identity card as shown on screen: the QR code with the account it opens. */
export function IdentityCard({ qr, name, uid }: IdentityCardProps) {
  const { t } = useTranslation();
  return (
    <figure className="identity-card" data-testid="identity-card">
      <figcaption className="identity-card__title">{t('accounts.cardTitle')}</figcaption>
      <div className="identity-card__sheet">
        <img
          className="identity-card__qr"
          src={qr}
          alt={t('accounts.cardQrAlt')}
          data-testid="identity-card-qr"
        />
        <strong className="identity-card__name">{name}</strong>
        <span className="identity-card__id">{t('user.id', { id: uid })}</span>
      </div>
    </figure>
  );
}
