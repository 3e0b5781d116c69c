import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take minutes, mostly waiting (a trainer's 30-second pauses, a native module's compile).
 * Vitest starts files longest first only from the timings of an earlier run; on CI's fresh clone it
 * has none and would start these last, in their projects' turn, so the run waited on them alone.
 */
const SLOW_FILES = ['test/ui/trainer-pace.test.ts', 'test/ui/lesson-words.test.ts', 'test/build/sqlite-binding-build.test.ts'];

const rank = (spec: TestSpecification): number => {
  const index = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(file));
  return index < 0 ? SLOW_FILES.length : index;
};

/** Vitest's order, with the slow files started first. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
