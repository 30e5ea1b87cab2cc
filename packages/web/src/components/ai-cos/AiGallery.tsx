import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiGallery, useDeleteAiImage, type AiJobItem } from '../../state/queries/ai';
import { XfileImage } from '../xfile-image/XfileImage';
import { AiResultView } from './AiResultView';

/** The user's results, newest first: tap to view (save, share, delete). */
export function AiGallery({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const list = useAiGallery(uid);
  const remove = useDeleteAiImage();
  const [open, setOpen] = useState<AiJobItem | null>(null);
  return (
    <section className="ai-card" data-testid="ai-gallery">
      <h3 className="ai-card__title">{t('ai.gallery')}</h3>
      {list.items.length === 0 ? (
        <p className="ai-card__note">{t('ai.galleryEmpty')}</p>
      ) : (
        <div className="ai-gallery">
          {list.items.map((item) => (
            <button
              key={item.id}
              type="button"
              className="ai-gallery__item"
              data-testid="ai-gallery-item"
              onClick={() => setOpen(item)}
            >
              <XfileImage src={item.result} alt={t(`ai.style.${item.style}`)} className="ai-gallery__image" />
            </button>
          ))}
        </div>
      )}
      {list.items.length < list.total && (
        <button type="button" className="ai-more" data-testid="ai-gallery-more" onClick={list.loadMore}>
          {t('ai.more')}
        </button>
      )}
      <Popup visible={open !== null} onMaskClick={() => setOpen(null)} bodyClassName="ai-buy" destroyOnClose>
        {open && (
          <AiResultView
            job={open}
            onDelete={() => remove.mutate(open.id, { onSuccess: () => setOpen(null) })}
          />
        )}
      </Popup>
    </section>
  );
}
