// The n8n contexts the transport runs in: an operation, a list search, a poll.

import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

export type FileStorageContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;
