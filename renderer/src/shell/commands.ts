// Every action of the app as a command palette entry, in one place. Each runs the same
// store action or helper as the button that does it on screen, so there is one way to do
// each thing; the bank's rules stay in the simulator.
import type { useBank } from '../state/bank';
import { CLOCK_STEPS, TIME_NUDGES } from '../state/clock-steps';
import type { useCurlView } from '../state/curl-view';
import type { useFlowRun } from '../state/flow-run';
import { exportRunFile, exportRunHar } from '../state/flow-run-export';
import type { useFlows } from '../state/flows';
import { useConduct } from '../state/conduct';
import type { useInspector } from '../state/inspector';
import { exportExchangeAsHar, exportMatchesAsHar } from '../state/inspector-export';
import type { usePhone } from '../state/phone';
import { describeKind, pendingJourneys } from '../state/phone';
import type { useResources } from '../state/resources';
import type { useShell } from '../state/shell';
import { SCREENS } from '../state/shell';
import type { usePresent } from '../state/present';
import { TEXT_SIZES, type useTextSize } from '../state/text-size';
import type { useTheme } from '../state/theme';
import { THEME_LABELS, THEMES } from '../state/theme';
import { FOCUS_TARGETS, focusWhenShown } from './focus-targets';

export interface Command {
  id: string;
  /** The screen or area the command acts on, shown beside its title. */
  group: string;
  title: string;
  /** Other words people may type for it; searched, never shown. */
  keywords?: string;
  shortcut?: string;
  /** Why it cannot run now; the palette lists it greyed out with this reason. */
  disabledReason?: string;
  /** Asked before running, for commands that delete work. */
  confirm?: { question: string; detail: string; action: string };
  run(): unknown;
}

/** The stores' current states: commands are rebuilt from them whenever one changes. */
export interface CommandSources {
  shell: ReturnType<typeof useShell.getState>;
  inspector: ReturnType<typeof useInspector.getState>;
  curlView: ReturnType<typeof useCurlView.getState>;
  phone: ReturnType<typeof usePhone.getState>;
  bank: ReturnType<typeof useBank.getState>;
  resources: ReturnType<typeof useResources.getState>;
  flows: ReturnType<typeof useFlows.getState>;
  flowRun: ReturnType<typeof useFlowRun.getState>;
  theme: ReturnType<typeof useTheme.getState>;
  present: ReturnType<typeof usePresent.getState>;
  textSize: ReturnType<typeof useTextSize.getState>;
}

export function buildCommands(sources: CommandSources): Command[] {
  return [
    ...screenCommands(sources),
    ...flowCommands(sources),
    ...inspectorCommands(sources),
    ...bankCommands(sources),
    ...phoneCommands(sources),
    ...themeCommands(sources),
    ...presentCommands(sources),
    ...textSizeCommands(sources),
  ];
}

function screenCommands({ shell }: CommandSources): Command[] {
  return SCREENS.filter((screen) => screen.id !== shell.screen).map((screen) => ({
    id: `go-${screen.id}`,
    group: 'Screens',
    title: `Go to ${screen.label}`,
    keywords: 'screen show open switch',
    shortcut: screen.key,
    run: () => shell.setScreen(screen.id),
  }));
}

function themeCommands({ theme }: CommandSources): Command[] {
  return THEMES.map((choice) => ({
    id: `theme-${choice}`,
    group: 'Theme',
    title: `Theme: ${THEME_LABELS[choice]}`,
    keywords: `appearance colours colors scheme dark light mode night system ${choice}`,
    disabledReason: theme.theme === choice ? 'This is the theme now' : undefined,
    run: () => theme.setTheme(choice),
  }));
}

function presentCommands({ present, flowRun }: CommandSources): Command[] {
  return [
    {
      id: 'present',
      group: 'Flows',
      title: present.on ? 'Leave the presentation' : 'Present the run as a lesson',
      keywords: 'presentation slides class teach trainer lesson big screen projector',
      shortcut: 'P',
      disabledReason: !present.on && !flowRun.run ? 'Open a run on the Flows screen first' : undefined,
      run: () => present.toggle(),
    },
  ];
}

function textSizeCommands({ textSize }: CommandSources): Command[] {
  return TEXT_SIZES.map((size) => ({
    id: `text-size-${size}`,
    group: 'Text size',
    title: `Text size: ${size} %`,
    keywords: 'zoom bigger larger smaller font scale class projector',
    disabledReason: textSize.size === size ? 'This is the text size now' : undefined,
    run: () => textSize.setSize(size),
  }));
}

function flowCommands({ shell, flows, flowRun }: CommandSources): Command[] {
  const group = 'Flows';
  const onFlows = (work: () => unknown) => () => {
    shell.setScreen('flows');
    return work();
  };
  const run = flowRun.run;
  const noRun = run ? undefined : 'Open a run on the Flows screen first';
  const busy = flowRun.busy ? 'The run is still carrying out the last command' : undefined;
  return [
    ...flows.flows.map((flow) => ({
      id: `flow-start-${flow.name}`,
      group,
      title: `Start flow: ${flow.title}`,
      // Not the description: its words ("approve", "reject") would put every lesson above what waits now.
      keywords: `run lesson ${flow.name}`,
      disabledReason: busy,
      run: onFlows(() => {
        flowRun.pick(flow);
        return flowRun.start();
      }),
    })),
    {
      id: 'flow-compose',
      group,
      title: 'Compose a free request',
      keywords: 'composer operation send any request',
      run: onFlows(() => flowRun.setTab('compose')),
    },
    {
      id: 'flow-replay',
      group,
      title: 'Replay run',
      keywords: 'again repeat run flow',
      disabledReason: noRun ?? busy,
      run: onFlows(() => run && flowRun.replay(run.runId)),
    },
    {
      id: 'flow-export-har',
      group,
      title: 'Export run as HAR',
      keywords: 'download save har flow run',
      disabledReason: noRun,
      run: () => run && exportRunHar(run),
    },
    {
      id: 'flow-export',
      group,
      title: 'Export run',
      keywords: 'download save file share flow run json',
      disabledReason: noRun,
      run: () => run && exportRunFile(run),
    },
  ];
}

function inspectorCommands({ shell, inspector, curlView }: CommandSources): Command[] {
  const group = 'Inspector';
  const show = (): void => shell.setScreen('inspector');
  const selected = inspector.rows.find((r) => r.summary.id === inspector.selectedId);
  const exchange = selected?.full ?? null;
  const needsExchange = !selected ? 'Select an exchange first' : !exchange ? 'The exchange is still loading' : undefined;
  const onSelected = (id: string, title: string, keywords: string, act: (e: NonNullable<typeof exchange>) => void): Command => ({
    id,
    group,
    title,
    keywords,
    disabledReason: needsExchange,
    run: () => {
      if (!exchange) return;
      show();
      act(exchange);
    },
  });

  return [
    {
      id: 'inspector-filter',
      group,
      title: 'Filter the exchanges',
      keywords: 'search find focus',
      run: () => {
        show();
        useConduct.getState().show(false);
        focusWhenShown(FOCUS_TARGETS.inspectorFilter);
      },
    },
    {
      id: 'inspector-conduct',
      group,
      title: "Check the TPPs' conduct against the spec's rules",
      keywords: 'conduct rules findings polling retry breach tpp behaviour',
      run: () => {
        show();
        useConduct.getState().show(true);
      },
    },
    {
      id: 'inspector-conduct-since-now',
      group,
      title: "Check the TPPs' conduct from now on (Since now)",
      keywords: 'conduct since now test run start',
      run: () => {
        show();
        useConduct.getState().show(true);
        useConduct.getState().sinceNow();
      },
    },
    {
      id: 'inspector-export-listed',
      group,
      title: 'Export every exchange the search matches as HAR',
      keywords: 'download save har all whole log',
      disabledReason: inspector.rows.length === 0 ? 'No exchange is listed' : undefined,
      run: () => void exportMatchesAsHar(),
    },
    onSelected('inspector-curl', 'Copy the selected exchange as cURL', 'curl command shell', (e) => curlView.show(e.id)),
    onSelected('inspector-export-selected', 'Export the selected exchange as HAR', 'download save har', exportExchangeAsHar),
    onSelected('inspector-resend', 'Edit and resend the selected exchange', 'replay repeat send', () => inspector.setTab('resend')),
    onSelected(
      'inspector-keep',
      'Keep the selected exchange (never discarded), or let it go',
      'pin unpin keep retain discard',
      (e) => void inspector.pin(e.id, e.pinned !== true),
    ),
    onSelected('inspector-request', 'Show the request of the selected exchange', 'headers body tab', () => inspector.setTab('request')),
    onSelected('inspector-response', 'Show the response of the selected exchange', 'headers body tab', () => inspector.setTab('response')),
    {
      ...onSelected('inspector-signature', 'Show the signature check of the selected exchange', 'verdict digest signing string certificate tab', () =>
        inspector.setTab('signature'),
      ),
      disabledReason: needsExchange ?? (exchange?.signature ? undefined : 'The selected exchange is not signed'),
    },
    {
      id: 'inspector-clear-selection',
      group,
      title: 'Clear the selection',
      keywords: 'deselect unselect exchange',
      disabledReason: selected ? undefined : 'No exchange is selected',
      run: () => inspector.select(null),
    },
  ];
}

function bankCommands({ shell, bank }: CommandSources): Command[] {
  const group = 'Bank';
  const busy = bank.busy ? 'The bank is still carrying out the last command' : undefined;
  const mode = shell.info?.mode;
  const otherMode = mode === 'sandbox' ? 'simulation' : 'sandbox';

  return [
    ...[...CLOCK_STEPS, ...TIME_NUDGES].map((step) => ({
      id: `clock-${step.duration}`,
      group,
      title: step.name,
      keywords: `${step.label} time simulated clock`,
      disabledReason: busy,
      run: () => bank.advanceClock(step.duration),
    })),
    {
      id: 'clock-set',
      group,
      title: 'Set the clock to a date and time',
      keywords: 'time simulated clock',
      run: () => {
        shell.setScreen('bank');
        focusWhenShown(FOCUS_TARGETS.clockInput);
      },
    },
    {
      id: 'mode-switch',
      group,
      title: `Switch to the ${otherMode} behaviour`,
      keywords: 'mode sandbox simulation behaviour',
      disabledReason: !mode ? 'The simulator has not answered yet' : busy,
      run: () => bank.setMode(otherMode),
    },
    {
      id: 'bank-reset',
      group,
      title: "Reset the bank to the dataset's initial state",
      keywords: 'clear delete wipe start over',
      disabledReason: busy,
      confirm: {
        question: "Reset the bank to the dataset's initial state?",
        detail: 'Every consent, payment, signing basket and SCA journey is deleted. The traffic log and the simulated clock stay.',
        action: 'Reset',
      },
      run: () => bank.reset(),
    },
    {
      id: 'new-class',
      group,
      title: 'New class',
      keywords: 'trainer lesson start again fresh clear log runs clock reset',
      disabledReason: busy,
      confirm: {
        question: 'Start a new class?',
        detail:
          "Every consent, payment and basket goes, the Inspector's exchanges and the kept runs are cleared, and the clock goes back to where this data folder started. (The Bank screen's New class can keep the runs or take a date.)",
        action: 'Start the new class',
      },
      run: () => bank.newClass({ keepRuns: false, clock: 'start' }),
    },
    {
      id: 'clock-pause',
      group,
      title: shell.paused ? 'Resume time' : 'Pause time',
      keywords: 'clock simulated stop hold freeze run continue',
      disabledReason: busy,
      run: () => bank.setClockPaused(!shell.paused),
    },
    {
      id: 'clock-next-limit',
      group,
      title: 'Move time to the next time limit',
      keywords: 'clock skip deadline expire timeout vop sca token',
      disabledReason: busy,
      run: () => bank.toNextTimeLimit(),
    },
  ];
}

function phoneCommands({ shell, phone, resources }: CommandSources): Command[] {
  const group = 'Phone';
  const onPhone = (work: () => unknown) => () => {
    shell.setScreen('phone');
    return work();
  };
  const psu = phone.psus.find((p) => p.psuId === phone.psuId);
  const journey = pendingJourneys(resources.journeys, phone.psuId)[0];
  const waiting = journey ? describeKind(journey.kind) : 'the first waiting approval';
  const noJourney = !psu ? 'Choose who is signed in on the Phone first' : `Nothing is waiting for ${psu.name}`;
  const notReady = !journey ? noJourney : phone.busy.includes(journey.journeyId) ? 'The phone is still sending the last answer' : undefined;
  const keywords = 'sca journey psu pending first';

  const decisions: Command[] =
    journey?.status === 'started'
      ? [
          {
            id: 'phone-open',
            group,
            title: `Open the link for ${waiting}`,
            // Opening comes before approving: "approve" must find this step, not a PSU named approver.
            keywords: `${keywords} approve reject`,
            disabledReason: notReady,
            run: onPhone(() => phone.openJourney(journey.journeyId)),
          },
        ]
      : (['approve', 'reject'] as const).map((action) => ({
          id: `phone-${action}`,
          group,
          title: `${action === 'approve' ? 'Approve' : 'Reject'} ${waiting}`,
          keywords,
          disabledReason: notReady,
          run: onPhone(() => journey && phone.act(journey.journeyId, action)),
        }));

  const signIns: Command[] = phone.psus
    .filter((p) => p.psuId !== phone.psuId)
    .map((p) => ({
      id: `phone-psu-${p.psuId}`,
      group,
      title: `Sign in as ${p.name} (${p.psuId})`,
      keywords: `psu user choose ${p.institution} ${p.role}`,
      run: onPhone(() => phone.choosePsu(p.psuId)),
    }));

  return [...decisions, ...signIns];
}
