/** The words of each staff role (spec §6). */
export const ROLE_LABEL = {
  manager: 'staff.role.manager',
  kitchen: 'staff.role.kitchen',
  server: 'staff.role.server',
  business: 'staff.role.business',
} as const;

export type StaffRoleName = keyof typeof ROLE_LABEL;

export const roleLabel = (role: string) => ROLE_LABEL[role as StaffRoleName] ?? ROLE_LABEL.business;

/**
 * Front of house (manager, server): who takes money at the counter, looks after the tables' tabs and
 * the bookings; the API's counter roles. Kitchen and business accounts see none of it (the server
 * refuses them 403 anyway).
 */
export const FRONT_OF_HOUSE: readonly string[] = ['manager', 'server'];
