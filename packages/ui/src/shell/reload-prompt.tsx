import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { useUiTranslation } from '../i18n/translation';

export interface ReloadPromptProps {
  open?: boolean;
  /** Without it the prompt cannot be dismissed (the page cannot go on without its code). */
  onClose?: () => void;
}

/**
 * The reload prompt of spec §8: a page's code or styles could not be loaded (a new deploy replaced
 * the files, or the network dropped), or loading took over 120 s. Reloading fetches the current
 * files; nothing reloads by itself, so a diner never loses what they typed without asking.
 */
export function ReloadPrompt({ open = true, onClose }: ReloadPromptProps) {
  const { t } = useUiTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose ?? (() => undefined)}
      dismissible={onClose !== undefined}
      role="alertdialog"
      variant="center"
      title={t('app.reload.title')}
      description={t('errors.chunkLoadFailed')}
      footer={
        <Button fullWidth onClick={() => window.location.reload()}>
          {t('app.reload.action')}
        </Button>
      }
    />
  );
}
