// The one transport of the package. Operations and the trigger say *what* to call (`endpoints`) through an
// `ApiClient` of one credential; the modules behind this entry point decide *how*: credential (read once and
// checked), request (one call: n8n's HTTP helper, the answer decoded and judged), retryLoop and retry (what is
// tried again, how long the node waits), errors, hints and noAnswer (failures → NodeApiErrors that say what to do),
// redaction (secrets never leave), answers (what a 2xx must look like), listing and prefetch (reading listings),
// download/ (file content streamed, the credential only for the Base URL's origin).

export { ApiClient } from './client';
export type { FileStorageContext } from './context';
export type { CheckedCredential } from './credential';
export type { DownloadTarget, OpenedDownload } from './download';
export { describeUrl, openDownload, originOf, sameOrigin } from './download';
export type { AnswerShape, ApiCall } from './endpoints';
export { endpoints } from './endpoints';
export { errorBody, refusedField } from './errors';
export type { Listing, Page, PageWalk } from './listing';
export { LARGEST_PAGE_REQUEST, list, pagesOf } from './listing';
export { REDACTED, redactDeep, redactText, secretsOf } from './redaction';
export type { ApiResponse, CallOptions } from './request';
export type { PollPolicy, RequestPolicy } from './retry';
export { DEFAULT_TIMEOUT_MS, EXECUTION_POLICY, executionPolicy, pollPolicy } from './retry';
