// A headless run's results as JUnit XML (`npm run flow -- NAME --junit FILE`), the report CI dashboards
// read (GitHub, GitLab, Jenkins): one testsuite per flow, one testcase per step of the flow. A step
// that did not meet its expectation is a failure, one that could not be made an error; the steps after
// the run stopped are skipped. Pure: the run's outcome and the times in, the XML out.
import { escapeXml } from '../../domain/iso20022/xml-text';
import type { FlowRun, StepOutcome } from './runner';
import { describeStep } from './report';

/** One flow as it ran: the run and how long each of its steps took, in order. */
export interface TimedRun {
  run: FlowRun;
  stepSeconds: number[];
}

/** Text and attribute values: escapeXml also replaces what XML 1.0 has no place for (a bank's answer may carry it). */
const xmlText = escapeXml;
const seconds = (n: number): string => n.toFixed(3);

function testcase(flow: string, outcome: StepOutcome | undefined, title: string, time: number): string {
  const head = `    <testcase classname="${xmlText(flow)}" name="${xmlText(title)}" time="${seconds(time)}"`;
  if (outcome === undefined) return `${head}>\n      <skipped message="the run stopped at an earlier step"/>\n    </testcase>`;
  if (outcome.met) return `${head}/>`;
  const report = xmlText(describeStep(outcome));
  if (outcome.error !== null) return `${head}>\n      <error message="${xmlText(outcome.error)}" type="could-not-run">${report}</error>\n    </testcase>`;
  const first = outcome.unmet[0];
  const message = first === undefined ? 'expectation not met' : `${first.field}: expected ${first.expected}, got ${first.actual}`;
  return `${head}>\n      <failure message="${xmlText(message)}" type="expectation">${report}</failure>\n    </testcase>`;
}

function testsuite({ run, stepSeconds }: TimedRun, timestamp: string): string {
  const steps = run.flow.steps;
  const cases = steps.map((step, i) => testcase(run.flow.name, run.steps[i], `${String(i + 1).padStart(2, '0')} ${step.title}`, stepSeconds[i] ?? 0));
  const failures = run.steps.filter((s) => !s.met && s.error === null).length;
  const errors = run.steps.filter((s) => s.error !== null).length;
  const skipped = steps.length - run.steps.length;
  const time = stepSeconds.reduce((a, b) => a + b, 0);
  return [
    `  <testsuite name="${xmlText(run.flow.name)}" tests="${steps.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds(time)}" timestamp="${timestamp}">`,
    `    <properties>`,
    `      <property name="title" value="${xmlText(run.flow.title)}"/>`,
    `      <property name="institution" value="${xmlText(run.institution)}"/>`,
    ...Object.entries(run.psus).map(([role, id]) => `      <property name="psu.${xmlText(role)}" value="${xmlText(id)}"/>`),
    ...Object.entries(run.params).map(([name, value]) => `      <property name="param.${xmlText(name)}" value="${xmlText(value)}"/>`),
    `    </properties>`,
    ...cases,
    `  </testsuite>`,
  ].join('\n');
}

/** The JUnit XML of several flows' runs (one file for one call of the command). */
export function junitReport(runs: readonly TimedRun[], startedAt: Date): string {
  const timestamp = startedAt.toISOString().slice(0, 19);
  const count = (pick: (run: FlowRun) => number): number => runs.reduce((sum, r) => sum + pick(r.run), 0);
  const tests = count((run) => run.flow.steps.length);
  const failures = count((run) => run.steps.filter((s) => !s.met && s.error === null).length);
  const errors = count((run) => run.steps.filter((s) => s.error !== null).length);
  const time = runs.reduce((sum, r) => sum + r.stepSeconds.reduce((a, b) => a + b, 0), 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="PSD2 Workbench flows" tests="${tests}" failures="${failures}" errors="${errors}" time="${seconds(time)}">`,
    ...runs.map((r) => testsuite(r, timestamp)),
    '</testsuites>',
    '',
  ].join('\n');
}
