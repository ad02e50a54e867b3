import type { EndpointData, tabs } from '@santap/api-client';

/** A tab as the board reads it (`staff.tabs` of the contract, packages/contract/src/tabs.ts). */
export type TabView = EndpointData<typeof tabs.staffTabs>['tabs'][number];
export type TabMember = TabView['members'][number];
export type TabLine = TabView['lines'][number];
export type TabShare = TabView['shares'][number];
export type TabSplit = TabView['splits'][number];
