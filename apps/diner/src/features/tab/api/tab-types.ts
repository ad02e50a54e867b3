import type { EndpointData, EndpointInput, tabs } from '@santap/api-client';

/** A tab as its members read it (`tabs.get`). */
export type TabView = EndpointData<typeof tabs.tabGet>['tab'];
export type TabLine = TabView['lines'][number];
export type TabMember = TabView['members'][number];
export type TabShare = TabView['shares'][number];
export type TabSplit = TabView['splits'][number];
/** What a payer asks to pay (`tabs.quote`, `tabs.payShare`). */
export type ShareRequest = NonNullable<EndpointInput<typeof tabs.tabQuote>['body']>['request'];
/** A share priced before it is paid. */
export type ShareQuote = EndpointData<typeof tabs.tabQuote>;
export type ShareReceipt = EndpointData<typeof tabs.tabShareReceipt>;
