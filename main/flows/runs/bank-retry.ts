/**
 * What the bank keeps of an exchange (its log entry, a PSU's decision) is kept once the answer is out, a
 * moment after the client has it: asks `find` again, `waitMs` apart, until it finds it or `tries` ran out.
 */
export async function keptByBank<T>(tries: number, waitMs: number, find: () => Promise<T | null>): Promise<T | null> {
  for (let attempt = 1; ; attempt++) {
    const found = await find();
    if (found !== null || attempt >= tries) return found;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
