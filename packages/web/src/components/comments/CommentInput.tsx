import { COMMENT_LIMITS, TOAST_MS } from '@dm51/shared';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddComment, useUploadCommentImage } from '../../state/queries/comment';
import { ImagePickButton, PickedImages } from '../image-picker/ImagePicker';
import { useImagePicker } from '../image-picker/use-image-picker';
import { checkDraft } from './comment-text';

export interface ReplyTarget {
  fatherId: number;
  childId: number;
  userId: number;
  name: string;
}

/**
 * The comment box (spec §2, §5): up to 240 characters, up to 3 pictures (the picker is disabled at
 * 3), and a send button that only appears with text or a picture.
 */
export function CommentInput({
  workId,
  reply,
  onCancelReply,
  onSent,
}: {
  workId: number;
  reply: ReplyTarget | null;
  onCancelReply: () => void;
  onSent?: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const upload = useUploadCommentImage();
  const picker = useImagePicker(COMMENT_LIMITS.maxImages, upload);
  const images = picker.images;
  const add = useAddComment();
  const canSend = checkDraft(text, images.length) !== 'empty';

  const send = async () => {
    const check = checkDraft(text, images.length);
    if (check === 'tooShort') {
      Toast.show({ content: t('community.tooShort'), duration: TOAST_MS.product });
      return;
    }
    if (check === 'empty') return;
    try {
      await add.mutateAsync({
        work_id: workId,
        to_father_id: reply?.fatherId ?? 0,
        to_child_id: reply?.childId ?? 0,
        to_user_id: reply?.userId ?? 0,
        content: text.trim(),
        imgList: images,
      });
      setText('');
      picker.clear();
      onCancelReply();
      onSent?.();
    } catch {
      // The server's message was shown.
    }
  };

  return (
    <div className="comment-input" data-testid="comment-input">
      {reply && (
        <div className="comment-input__reply">
          <span>{t('community.replyingTo', { name: reply.name })}</span>
          <button type="button" data-testid="comment-reply-cancel" onClick={onCancelReply}>
            {t('community.cancel')}
          </button>
        </div>
      )}
      {images.length > 0 && (
        <div className="comment-input__images">
          <PickedImages picker={picker} testIdPrefix="comment-image" />
        </div>
      )}
      <div className="comment-input__row">
        <textarea
          className="comment-input__text"
          data-testid="comment-text"
          value={text}
          maxLength={COMMENT_LIMITS.maxLength}
          rows={1}
          placeholder={reply ? t('community.replyPlaceholder') : t('community.placeholder')}
          onChange={(event) => setText(event.target.value)}
        />
        <ImagePickButton picker={picker} className="comment-input__pick" testIdPrefix="comment-image">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <rect
              x="3"
              y="5"
              width="18"
              height="14"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <circle cx="9" cy="10" r="1.8" fill="currentColor" />
            <path d="M4 17l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </ImagePickButton>
        {canSend && (
          <button
            type="button"
            className="comment-input__send"
            data-testid="comment-send"
            disabled={add.isPending || upload.isPending}
            onClick={() => void send()}
          >
            {t('community.send')}
          </button>
        )}
      </div>
    </div>
  );
}
