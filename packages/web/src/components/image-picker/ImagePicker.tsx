import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { XfileImage } from '../xfile-image/XfileImage';
import type { ImagePicker } from './use-image-picker';

/**
 * The picked pictures as removable thumbnails (the caller lays them out). With `testIdPrefix`, each
 * remove button is `${testIdPrefix}-remove-${index}`.
 */
export function PickedImages({ picker, testIdPrefix }: { picker: ImagePicker; testIdPrefix?: string }) {
  const { t } = useTranslation();
  return picker.images.map((url, index) => (
    <span key={url + index} className="comment-input__thumb">
      <XfileImage src={url} alt="" className="comment-images__img" />
      <button
        type="button"
        aria-label={t('community.removeImage')}
        data-testid={testIdPrefix && `${testIdPrefix}-remove-${index}`}
        onClick={() => picker.remove(index)}
      >
        ×
      </button>
    </span>
  ));
}

/**
 * The "attach a picture" button and the hidden file input it opens (`${testIdPrefix}-pick`,
 * `${testIdPrefix}-file`); off while full or while an upload runs.
 */
export function ImagePickButton({
  picker,
  className,
  testIdPrefix,
  children,
}: {
  picker: ImagePicker;
  className: string;
  testIdPrefix: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={`${testIdPrefix}-pick`}
        aria-label={t('community.attachImage')}
        disabled={picker.full || picker.uploading}
        onClick={() => picker.fileRef.current?.click()}
      >
        {children}
      </button>
      <input
        ref={picker.fileRef}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid={`${testIdPrefix}-file`}
        onChange={(event) => void picker.pick(event.target.files)}
      />
    </>
  );
}
