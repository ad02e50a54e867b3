import { useUiTranslation } from '../i18n/translation';
import { IconButton } from './button';

/** Props of {@link QuantityStepper}. */
export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  /** What is counted, for the spoken name: the dish name. Defaults to 'Quantity'. */
  label?: string;
  disabled?: boolean;
}

/**
 * − n + with 44 px buttons. The count is a live region, so a screen reader hears the new quantity
 * after each tap; the buttons are disabled at `min` and `max`.
 */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = 99,
  label,
  disabled,
}: QuantityStepperProps) {
  const { t } = useUiTranslation();
  const name = label ?? t('ui.quantity.label');
  return (
    <div className="st-stepper" role="group" aria-label={name}>
      <IconButton
        icon="minus"
        variant="secondary"
        label={t('ui.quantity.decrease', { name })}
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      />
      <output className="st-stepper__value" aria-live="polite">
        {value}
      </output>
      <IconButton
        icon="plus"
        variant="secondary"
        label={t('ui.quantity.increase', { name })}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      />
    </div>
  );
}
