import { FEEDBACK_LIMITS, FEEDBACK_TYPES, TOAST_MS } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { XfileImage } from '../../../components/xfile-image/XfileImage';
import { useSendFeedback, useUploadScreenshot } from '../../../state/queries/feedback';
import type { PageProps } from '../../page-props';
import '../../../components/comments/community-pages.css';

/** /pages/user/feedback/feedback: type, description, contact and up to 3 screenshots. */
export default function FeedbackPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState(1);
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadScreenshot();
  const send = useSendFeedback();
  const full = images.length >= FEEDBACK_LIMITS.maxImages;

  const pick = async (files: FileList | null) => {
    for (const file of Array.from(files ?? []).slice(0, FEEDBACK_LIMITS.maxImages - images.length)) {
      try {
        const url = await upload.mutateAsync(file);
        setImages((current) => [...current, url].slice(0, FEEDBACK_LIMITS.maxImages));
      } catch {
        // shown by the client
      }
    }
    if (fileRef.current) fileRef.current.value = '';
  };

  const submit = async () => {
    if (Array.from(content.trim()).length < FEEDBACK_LIMITS.minLength) {
      Toast.show({
        content: t('community.feedbackTooShort', { count: FEEDBACK_LIMITS.minLength }),
        duration: TOAST_MS.product,
      });
      return;
    }
    try {
      await send.mutateAsync({ type, content: content.trim(), contact: contact.trim(), imgList: images });
      Toast.show({ content: t('community.feedbackSent'), duration: TOAST_MS.product });
      void navigate('/pages/user/feedback/log', { replace: true });
    } catch {
      // shown by the client
    }
  };

  return (
    <div className="page community-page" data-testid="feedback-page">
      <NavBar
        title={t(route.titleKey)}
        right={
          <button
            type="button"
            className="community-page__nav-action"
            data-testid="feedback-open-log"
            onClick={() => void navigate('/pages/user/feedback/log')}
          >
            {t('community.myFeedback')}
          </button>
        }
      />
      <div className="community-card">
        <p className="community-card__label">{t('community.feedbackType')}</p>
        <div className="community-chips" role="radiogroup">
          {FEEDBACK_TYPES.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={type === value}
              className={`community-chips__item${type === value ? ' community-chips__item--on' : ''}`}
              data-testid={`feedback-type-${value}`}
              onClick={() => setType(value)}
            >
              {t(`community.feedbackTypes.t${value}`)}
            </button>
          ))}
        </div>
        <textarea
          className="community-textarea"
          data-testid="feedback-content"
          rows={6}
          maxLength={FEEDBACK_LIMITS.maxLength}
          placeholder={t('community.feedbackPlaceholder')}
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
        <p className="community-card__label">{t('community.screenshots', { count: images.length })}</p>
        <div className="community-shots">
          {images.map((url, index) => (
            <span key={url + index} className="comment-input__thumb">
              <XfileImage src={url} alt="" className="comment-images__img" />
              <button
                type="button"
                aria-label={t('community.removeImage')}
                onClick={() => setImages((current) => current.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </span>
          ))}
          <button
            type="button"
            className="community-shots__add"
            data-testid="feedback-image-pick"
            aria-label={t('community.attachImage')}
            disabled={full || upload.isPending}
            onClick={() => fileRef.current?.click()}
          >
            +
          </button>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            multiple
            hidden
            data-testid="feedback-image-file"
            onChange={(event) => void pick(event.target.files)}
          />
        </div>
        <input
          className="community-input"
          data-testid="feedback-contact"
          maxLength={FEEDBACK_LIMITS.contactMax}
          placeholder={t('community.contactPlaceholder')}
          value={contact}
          onChange={(event) => setContact(event.target.value)}
        />
        <button
          type="button"
          className="community-button community-button--block"
          data-testid="feedback-submit"
          disabled={send.isPending || upload.isPending}
          onClick={() => void submit()}
        >
          {t('community.submit')}
        </button>
        <button
          type="button"
          className="community-link"
          data-testid="feedback-kefu"
          onClick={() => void navigate('/pages/user/feedback/message')}
        >
          {t('community.kefu')}
        </button>
      </div>
    </div>
  );
}
