/**
 * Staff sign-in and accounts (spec §6): login, logout, who a token is, and a manager's kitchen, server
 * and business accounts.
 */
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { currencyCode, idInput } from '../common';

export const staffLogin = defineEndpoint({
  id: 'staff.login',
  method: 'POST',
  path: '/api/staff/login',
  service: 'main',
  access: 'none',
  summary: 'Staff login (manager, kitchen, server, business) for one restaurant.',
  body: z.object({
    username: z.string().check(z.minLength(1), z.maxLength(80)),
    password: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  data: z.object({
    token: z.string(),
    staff: z.object({
      staff_id: z.number(),
      restaurant_id: z.number(),
      role: z.string(),
      username: z.string(),
    }),
  }),
});

/** The roles of spec §6; a manager creates and manages the other three. */
export const STAFF_ROLES = ['manager', 'kitchen', 'server', 'business'] as const;
export const staffRole = z.enum(STAFF_ROLES);
/** Roles a manager may create, disable and reset (not another manager, not themself). */
export const managedStaffRole = z.enum(['kitchen', 'server', 'business']);

const staffMemberSchema = z.object({
  staff_id: z.int(),
  restaurant_id: z.int(),
  role: z.string(),
  username: z.string(),
});

export const staffLogout = defineEndpoint({
  id: 'staff.logout',
  method: 'POST',
  path: '/api/staff/logout',
  service: 'main',
  access: 'staff',
  summary:
    'Log out: the token of this call is revoked on the server at once (every later call with it is 401).',
  data: z.object({ logged_out: z.boolean() }),
});

export const staffMe = defineEndpoint({
  id: 'staff.me',
  method: 'GET',
  path: '/api/staff/me',
  service: 'main',
  access: 'staff',
  summary:
    'Who this staff token is, with the restaurant (name, zone, currency) and the order statuses the role may set (the same table the status call checks).',
  data: z.object({
    staff: staffMemberSchema,
    restaurant: z.object({
      name: z.string(),
      nameid: z.string(),
      time_zone: z.string(),
      currency: currencyCode,
      paused_until_epoch: z.nullable(z.int()),
    }),
    /**
     * The restaurant's kitchen display settings (`settings.kitchen`): a ticket's age clock turns amber
     * and red after these minutes (defaults 10 and 20), and the stations (a name and the menu
     * categories it makes; a board offers 'All' besides them).
     */
    kitchen: z.object({
      amber_minutes: z.int(),
      red_minutes: z.int(),
      stations: z.array(z.object({ name: z.string(), category_ids: z.array(z.int()) })),
    }),
    /** Statuses this role may move an order to (`STAFF_ROLE_MOVES`). */
    moves: z.array(z.int()),
  }),
});

const staffAccountSchema = z.object({
  staff_id: z.int(),
  username: z.string(),
  role: z.string(),
  disabled: z.boolean(),
});

export const staffAccounts = defineEndpoint({
  id: 'staff.accounts',
  method: 'GET',
  path: '/api/staff/accounts',
  service: 'main',
  access: 'staff',
  summary: "The staff accounts of the manager's restaurant (manager only).",
  data: z.object({ accounts: z.array(staffAccountSchema) }),
});

const username = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.minLength(3), z.maxLength(60), z.regex(/^[a-z0-9][a-z0-9._-]*$/));
const newPassword = z.string().check(z.minLength(8), z.maxLength(200));

export const staffCreateAccount = defineEndpoint({
  id: 'staff.createAccount',
  method: 'POST',
  path: '/api/staff/accounts',
  service: 'main',
  access: 'staff',
  summary:
    "A manager creates a kitchen, server or business account of their restaurant. Usernames are unique across Santap (errors.usernameTaken, 409); passwords at least 8 characters; only the password's scrypt hash is kept.",
  body: z.object({ username, password: newPassword, role: managedStaffRole }),
  data: staffAccountSchema,
});

export const staffUpdateAccount = defineEndpoint({
  id: 'staff.updateAccount',
  method: 'POST',
  path: '/api/staff/accounts/:staffId',
  service: 'main',
  access: 'staff',
  summary:
    "A manager disables or enables, or sets a new password for, a kitchen, server or business account of their restaurant. Disabling or a new password revokes every token of that account at once. Another restaurant's account, a manager's or one's own is 404.",
  params: z.object({ staffId: idInput }),
  body: z.object({ disabled: z.optional(z.boolean()), password: z.optional(newPassword) }),
  data: staffAccountSchema,
});
