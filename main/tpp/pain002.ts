/** Every TxSts of a pain.002 in document order: a bulk is read entry by entry (spec "Payments" rule 7). */
export const txStatuses = (pain002: string): string[] => [...pain002.matchAll(/<TxSts>([A-Z]{4})<\/TxSts>/g)].map((m) => m[1] as string);
