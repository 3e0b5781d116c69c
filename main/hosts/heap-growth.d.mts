/** See heap-growth.mjs. */
export function limitHeapGrowth(): void;
