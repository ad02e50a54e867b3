import { useState } from 'react';
import type { TranslationKey } from '@santap/i18n';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { TextArea } from '../components/fields';

/** Props of {@link SpecialRequestPopup} and {@link NotesPopup}. */
export interface NotePopupProps {
  open: boolean;
  onClose: () => void;
  /** The saved text, to edit. */
  value: string;
  /** Called with the trimmed text ('' clears it). */
  onSave: (text: string) => void;
  saving?: boolean;
  error?: UiMessage;
  maxLength?: number;
  /** For a dish note: the dish name, shown under the title. */
  subject?: string;
}

function NoteDialog({
  open,
  onClose,
  value,
  onSave,
  saving,
  error,
  maxLength = 200,
  subject,
  keys,
}: NotePopupProps & {
  keys: { title: TranslationKey; body?: TranslationKey; label: TranslationKey; hint: TranslationKey };
}) {
  const { t } = useUiTranslation();
  const [text, setText] = useState(value);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t(keys.title)}
      description={
        subject || keys.body ? (
          <>
            {subject ? <p className="st-strong">{subject}</p> : null}
            {keys.body ? <p>{t(keys.body)}</p> : null}
          </>
        ) : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('ui.common.cancel')}
          </Button>
          <Button loading={saving} onClick={() => onSave(text.trim())}>
            {t('ui.common.save')}
          </Button>
        </>
      }
    >
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
      <TextArea
        label={t(keys.label)}
        hint={t(keys.hint)}
        value={text}
        maxLength={maxLength}
        showCount
        onChange={(event) => setText(event.target.value)}
      />
    </Dialog>
  );
}

/** A special request to the restaurant for the whole order ('birthday candle, please'). */
export function SpecialRequestPopup(props: NotePopupProps) {
  return (
    <NoteDialog
      {...props}
      keys={{
        title: 'ui.specialRequest.title',
        body: 'ui.specialRequest.body',
        label: 'ui.specialRequest.label',
        hint: 'ui.specialRequest.hint',
      }}
    />
  );
}

/** A note for the kitchen on one dish or on the cart ('less spicy, no onions'). */
export function NotesPopup(props: NotePopupProps) {
  return (
    <NoteDialog
      {...props}
      keys={{ title: 'ui.notes.title', label: 'ui.notes.label', hint: 'ui.notes.hint' }}
    />
  );
}
