/** The words of each staff role (spec §6). */
export const ROLE_LABEL = {
  manager: 'staff.role.manager',
  kitchen: 'staff.role.kitchen',
  server: 'staff.role.server',
  business: 'staff.role.business',
} as const;

export type StaffRoleName = keyof typeof ROLE_LABEL;

export const roleLabel = (role: string) => ROLE_LABEL[role as StaffRoleName] ?? ROLE_LABEL.business;
