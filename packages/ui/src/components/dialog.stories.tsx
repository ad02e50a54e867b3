import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextField } from './fields';

/** A page button that opens a dialog, so focus return can be seen (and tested). */
function DialogDemo({
  variant,
  startOpen,
  dismissible,
}: {
  variant?: 'sheet' | 'center';
  startOpen?: boolean;
  dismissible?: boolean;
}) {
  const { t } = useUiTranslation();
  const [open, setOpen] = useState(Boolean(startOpen));
  const field = useRef<HTMLInputElement>(null);
  return (
    <div style={{ padding: 16 }}>
      <Button onClick={() => setOpen(true)}>{t('ui.specialRequest.title')}</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('ui.specialRequest.title')}
        description={<p>{t('ui.specialRequest.body')}</p>}
        variant={variant}
        dismissible={dismissible}
        initialFocus={field}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('ui.common.cancel')}
            </Button>
            <Button onClick={() => setOpen(false)}>{t('ui.common.save')}</Button>
          </>
        }
      >
        <TextField ref={field} label={t('ui.specialRequest.label')} />
      </Dialog>
    </div>
  );
}

const meta = {
  title: 'Primitives/Dialog',
  component: DialogDemo,
} satisfies Meta<typeof DialogDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const BottomSheet: Story = { args: { startOpen: true } };
export const Centered: Story = { args: { startOpen: true, variant: 'center' } };
export const MustAnswer: Story = { args: { startOpen: true, dismissible: false } };
