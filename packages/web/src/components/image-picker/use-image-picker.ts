import { useRef, useState } from 'react';

export type ImagePicker = ReturnType<typeof useImagePicker>;

/**
 * Pictures attached to a draft (comment, feedback): files chosen in the system picker are uploaded
 * one by one and their URLs kept, up to `max`. Only as many files as there is room for are sent.
 */
export function useImagePicker(
  max: number,
  upload: { mutateAsync: (file: File) => Promise<string>; isPending: boolean },
) {
  const [images, setImages] = useState<string[]>([]);
  const fileRef = useRef<HTMLInputElement>(null);

  const pick = async (files: FileList | null) => {
    for (const file of Array.from(files ?? []).slice(0, max - images.length)) {
      try {
        const url = await upload.mutateAsync(file);
        setImages((current) => [...current, url].slice(0, max));
      } catch {
        // The API client already showed the server's message; the other files still go.
      }
    }
    // Cleared, so choosing the same file again still fires `change`.
    if (fileRef.current) fileRef.current.value = '';
  };

  return {
    images,
    full: images.length >= max,
    uploading: upload.isPending,
    fileRef,
    pick,
    remove: (index: number) => setImages((current) => current.filter((_, i) => i !== index)),
    clear: () => setImages([]),
  };
}
