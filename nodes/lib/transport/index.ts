/**
 * The one transport of the package. Operations and the trigger say *what* to call (`endpoints`); the modules
 * behind this entry point decide *how*: request (credentials, the HTTP helper), errors (status and body →
 * NodeApiError), redaction (secrets never leave), pagination (cursor walking).
 */
export type { ApiCall, CredentialType } from './endpoints';
export { CREDENTIAL_LABELS, endpoints } from './endpoints';
export { errorBody, refusedField } from './errors';
export type { CollectResult, Page } from './pagination';
export { collectPages, fetchPage, LARGEST_PAGE_REQUEST, listElements, toPage } from './pagination';
export { REDACTED, redactDeep, redactText, secretsOf } from './redaction';
export type { ApiResponse, Connection, FileStorageContext } from './request';
export { apiRequest, connect } from './request';
