import type { EndpointData, staff } from '@santap/api-client';

/** One printer of the restaurant as `staff.printers` answers it (states, queue counts, no credential). */
export type StaffPrinter = EndpointData<typeof staff.staffPrinters>['printers'][number];
/** One print job as `staff.printJobs` answers it. */
export type StaffPrintJob = EndpointData<typeof staff.staffPrintJobs>['jobs'][number];
/** A job a tablet printer takes (`staff.tabletNextJob`): the commands, base64. */
export type TabletJob = NonNullable<EndpointData<typeof staff.staffTabletNextJob>['job']>;
