/**
 * A manager's approval of a sensitive staff action (apps/api docs/audit.md, "Manager approval"): the
 * body field `approval` those calls take, and the call a manager sets their own PIN with.
 */
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';

/** A manager's approval PIN: 4 to 6 digits. */
export const managerPin = z.string().check(z.regex(/^\d{4,6}$/));

/**
 * The `approval` of a sensitive action: a server's or the kitchen's names the approving manager
 * (`manager`, their username) and their `pin`; a manager's own gives only the `reason`.
 */
export const approvalInput = z.object({
  manager: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(80))),
  pin: z.optional(managerPin),
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
});

export const staffSetPin = defineEndpoint({
  id: 'staff.setPin',
  method: 'POST',
  path: '/api/staff/me/pin',
  service: 'main',
  access: 'staff',
  summary:
    "A manager sets their own approval PIN (4 to 6 digits) with their current password (a wrong one is errors.forbidden, 403, and counts against the login's failure limits); only the PIN's scrypt hash is kept. Other roles 403. The PIN approves a server's or the kitchen's sensitive actions (apps/api docs/audit.md, 'Manager approval').",
  body: z.object({
    current_password: z.string().check(z.minLength(1), z.maxLength(200)),
    pin: managerPin,
  }),
  data: z.object({ pin_set: z.boolean() }),
});
