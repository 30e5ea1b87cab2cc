import { FEEDBACK_LIMITS, FEEDBACK_TYPES, TOAST_MS } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { OptionButtons } from '../../../components/filter-chips/OptionButtons';
import { NavBar } from '../../../components/nav-bar/NavBar';
import { ImagePickButton, PickedImages } from '../../../components/image-picker/ImagePicker';
import { useImagePicker } from '../../../components/image-picker/use-image-picker';
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
  const upload = useUploadScreenshot();
  const picker = useImagePicker(FEEDBACK_LIMITS.maxImages, upload);
  const send = useSendFeedback();

  const submit = async () => {
    if (Array.from(content.trim()).length < FEEDBACK_LIMITS.minLength) {
      Toast.show({
        content: t('community.feedbackTooShort', { count: FEEDBACK_LIMITS.minLength }),
        duration: TOAST_MS.product,
      });
      return;
    }
    try {
      await send.mutateAsync({
        type,
        content: content.trim(),
        contact: contact.trim(),
        imgList: picker.images,
      });
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
          <OptionButtons
            options={FEEDBACK_TYPES.map((value) => ({
              value,
              label: t(`community.feedbackTypes.t${value}`),
            }))}
            value={type}
            onChange={setType}
            testId="feedback-type"
            className="community-chips__item"
          />
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
        <p className="community-card__label">{t('community.screenshots', { count: picker.images.length })}</p>
        <div className="community-shots">
          <PickedImages picker={picker} />
          <ImagePickButton picker={picker} className="community-shots__add" testIdPrefix="feedback-image">
            +
          </ImagePickButton>
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
