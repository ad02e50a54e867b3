import { createContext, useContext } from 'react';
import type { EndpointData } from '@santap/api-client';
import type { staff } from '@santap/api-client';

/** Who is logged in on this device, their restaurant and the order statuses their role may set. */
export type StaffMe = EndpointData<typeof staff.staffMe>;

export const StaffContext = createContext<StaffMe | null>(null);

export function useStaffMe(): StaffMe {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaffMe needs the logged-in layout above it');
  return me;
}
