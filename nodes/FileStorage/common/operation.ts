// The one shape of an operation module, which the router (actions/router.ts) runs.

import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { BatchPlan } from './batch';
import type { ItemWork } from './execution';

/**
 * What an operation module exports: its parameters, and its work, which the router runs over the input items,
 * owning continueOnFail and pairedItem: item by item (`itemWork`), or several items per request (`batchPlan`,
 * batch.ts). Either is made once per execution, so a client and its credential serve every item.
 */
export type OperationModule = { description: INodeProperties[] } & (
	| { itemWork(this: IExecuteFunctions, items: INodeExecutionData[]): ItemWork }
	| { batchPlan(this: IExecuteFunctions, items: INodeExecutionData[]): BatchPlan<unknown, unknown> }
);
