import { TextField } from '@santap/ui';

export interface NameEmailFieldsProps {
  name: string;
  email: string;
  onName: (name: string) => void;
  onEmail: (email: string) => void;
  /** Each field's problem in words (`profileErrors` of lib/profile-rules, translated). */
  errors: Partial<Record<'name' | 'email', string>>;
  labels: { name: string; email: string };
  /** The inputs' ids, where the form moves focus to the first field with a problem. */
  ids?: { name: string; email: string };
}

/**
 * A diner's full name (required) and email (optional): the account's profile form and the sign-up's
 * profile step, which check them with the same rules (`profileErrors`). The browser fills both from
 * the diner's contact card, and a phone shows its email keyboard.
 */
export function NameEmailFields({ name, email, onName, onEmail, errors, labels, ids }: NameEmailFieldsProps) {
  return (
    <>
      <TextField
        id={ids?.name}
        label={labels.name}
        value={name}
        onChange={(event) => onName(event.target.value)}
        autoComplete="name"
        required
        error={errors.name}
      />
      <TextField
        id={ids?.email}
        label={labels.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onEmail(event.target.value)}
        error={errors.email}
      />
    </>
  );
}
