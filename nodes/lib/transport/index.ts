// The one transport of the package. Operations and the trigger say *what* to call (`endpoints`) through an
// `ApiClient` of one credential; the modules behind this entry point decide *how*: credential (read once and
// checked), client (one call: n8n's HTTP helper, the answer read and judged in the same pass), retry (the one retry
// loop: what is tried again, how long the node waits), failures (what kind of failure, for both nodes), errors and
// hints (failures → NodeApiErrors that say what to do), redaction (secrets never leave), answers (what a 2xx must
// look like), listing (reading listings), download/ (file content streamed, the credential only for the Base URL's
// origin).

export type { ApiResponse, CallOptions } from './client';
export { ApiClient } from './client';
export type { CheckedCredential, FileStorageContext } from './credential';
export type { DownloadTarget, OpenedDownload } from './download';
export { openDownload } from './download';
export type { AnswerShape, ApiCall, Caller } from './endpoints';
export { endpoints } from './endpoints';
export { errorBody, isClientError, isNotFound, refusedField, statusOf } from './failures';
export type { Listing, ListingOptions, Page } from './listing';
export { LARGEST_PAGE_REQUEST, list, pagesOf } from './listing';
export { REDACTED, redactDeep, redactText, secretsOf } from './redaction';
export type { PollPolicy, RequestPolicy } from './retry';
export { DEFAULT_TIMEOUT_MS, EXECUTION_POLICY, executionPolicy, pollPolicy } from './retry';
