/**
 * The one transport of the package. Operations and the trigger say *what* to call (`endpoints`); the modules
 * behind this entry point decide *how*: request (credentials, the HTTP helper), errors (status and body →
 * NodeApiError), hints (how to fix it, by endpoint and what was sent), no-answer (time-outs, refused or broken
 * connections), redaction (secrets never leave), pagination (cursor walking), answers (what a 2xx must look like),
 * retry (time limits, what is tried again and how long the node waits), download (file content
 * streamed, the credential only for the Base URL's origin).
 */
export type { BodyCheck, ByteStream, DownloadTarget, OpenedDownload } from './download';
export { bodyCheckFor, describeUrl, openDownload, originOf, sameOrigin, verifiedBody } from './download';
export type { AnswerShape, ApiCall, CredentialType } from './endpoints';
export { CREDENTIAL_LABELS, endpoints } from './endpoints';
export { errorBody, refusedField } from './errors';
export type { CollectResult, Page, PageRequest, PageSizing } from './pagination';
export { collectPages, fetchPage, LARGEST_PAGE_REQUEST, listElements, toPage } from './pagination';
export { REDACTED, redactDeep, redactText, secretsOf } from './redaction';
export type { ApiResponse, Connection, FileStorageContext, RequestOptions } from './request';
export { apiRequest, connect } from './request';
export type { PollPolicy, RequestPolicy } from './retry';
export { DEFAULT_TIMEOUT_MS, EXECUTION_POLICY, pollPolicy } from './retry';
