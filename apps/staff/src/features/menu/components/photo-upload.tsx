import { useId, useRef, useState } from 'react';
import { staff } from '@santap/api-client';
import { Photo, useUiTranslation } from '@santap/ui';
import type { PhotoData } from '@santap/ui';
import { errorText } from '@santap/web';

const MEGABYTES = staff.PHOTO_MAX_BYTES / (1024 * 1024);

/**
 * A manager's photo control (a dish's, or the restaurant's): the photo as diners see it (or the
 * drawn plate), a file button, and what happened in words. A file over the size limit is refused here
 * before it is sent; the server's refusals (not an image, too many pixels) are shown as it words them.
 */
export function PhotoUpload({
  title,
  hint,
  label,
  photo,
  upload,
  onUploaded,
  wide = false,
}: {
  title: string;
  hint?: string;
  /** Names the fallback's colour (the dish or restaurant name). */
  label: string;
  photo: PhotoData | null | undefined;
  upload: (file: File) => Promise<PhotoData>;
  onUploaded: (photo: PhotoData) => void;
  /** A restaurant's header (3:1) rather than a dish's square. */
  wide?: boolean;
}) {
  const { t } = useUiTranslation();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'failed'; text: string }>({
    kind: 'idle',
  });

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > staff.PHOTO_MAX_BYTES) {
      setState({ kind: 'failed', text: t('errors.imageTooLarge', { megabytes: MEGABYTES }) });
      return;
    }
    setState({ kind: 'busy' });
    try {
      onUploaded(await upload(file));
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', text: errorText(error, t) });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={wide ? 'staff-photo staff-photo--wide' : 'staff-photo'}>
      <Photo
        className="staff-photo__preview"
        photo={photo}
        width={wide ? 240 : 96}
        height={wide ? 80 : 96}
        sizes={wide ? '240px' : '96px'}
        alt=""
        label={label}
        priority
      />
      <div className="staff-photo__controls">
        <span className="staff-photo__title">{title}</span>
        <input
          ref={input}
          id={inputId}
          className="st-visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby={hintId}
          disabled={state.kind === 'busy'}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <label htmlFor={inputId} className="st-button st-button--secondary staff-photo__choose">
          {photo ? t('staff.menu.photoReplace') : t('staff.menu.photoChoose')}
        </label>
        <p id={hintId} className="staff-photo__hint">
          {hint ? `${hint} ` : ''}
          {t('staff.menu.photoHint', { megabytes: MEGABYTES })}
        </p>
        {state.kind === 'busy' ? <p role="status">{t('staff.menu.photoUploading')}</p> : null}
        {state.kind === 'done' ? <p role="status">{t('staff.menu.photoSaved')}</p> : null}
        {state.kind === 'failed' ? (
          <p role="alert" className="staff-dish-editor__failure">
            {state.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
