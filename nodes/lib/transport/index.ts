// The one transport of the package: operations and the trigger say what to call (`endpoints`) through an
// `ApiClient` of one credential; the modules behind this entry point decide how (docs/architecture.md draws them).

export type { CallOptions } from './client';
export { ApiClient } from './client';
export type { CheckedCredential } from './credential';
export type { Deadline, DownloadContext, OpenedDownload, SizeLimit } from './download';
export { describeUrl, openDownload } from './download';
export type { ApiCall, BatchFacts, Caller, FailureFacts } from './endpoints';
export { endpoints } from './endpoints';
export { isClientError, isNotFound, statusOf } from './failures';
export type { ListingOptions, Page } from './listing';
export { LARGEST_PAGE_REQUEST, list, pagesOf } from './listing';
export { itemsWording } from './facts';
export { FAILURE_HINTS, WITHOUT_CONTENT } from './hints';
export { MESSAGES } from './messages';
export { redactText } from './redaction';
export type { PollPolicy, RequestPolicy } from './retry';
export { EXECUTION_POLICY, executionPolicy, pollPolicy } from './retry';
