import { appInitCall, appStartCall } from './app.js';
import type { CallDefinition } from './define.js';
import { userIndexCall } from './user.js';

export * from './define.js';
export * from './app.js';
export * from './user.js';

/** Every call the server serves; the OpenAPI document and the route table are built from this. */
export const ALL_CALLS: readonly CallDefinition[] = [appInitCall, appStartCall, userIndexCall];
