import { useId, useSyncExternalStore, type ReactNode } from 'react';
import { formatTokens, summarizeLive, type CaseReport, type Lesson } from '../../../core/index.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { Json } from '../../ui/Json.tsx';
import { useAppStore } from '../../store/store.ts';
import { ApprovalPrompt } from './ApprovalPrompt.tsx';
import { approvals } from './approvals.ts';
import { keyStore, type KeyState } from './key-store.ts';
import { startQuestion } from './live-controller.ts';
import { LiveProject, type FilesView } from './LiveProject.tsx';
import type { LiveReport } from '../../store/live-slice.ts';
import { LiveSettingsForm } from './LiveSettingsForm.tsx';
import { RecordButton } from './RecordButton.tsx';
import './live.css';

interface Props {
  lesson: Lesson;
  /** The transcript view, composed in by the app shell (the timeline). */
  transcript: (report: CaseReport, summary: string) => ReactNode;
  /** The files view, composed in by the app shell: a project's files, and what a run changed. */
  files: FilesView;
  /** Runs the code live (the app shell's Run, in live mode). */
  onRun(): void;
}

const keyText: Record<KeyState, string> = {
  none: 'No key yet.',
  memory: 'Key: kept in memory for this tab.',
  remembered: 'Key: remembered on this device.',
};

/**
 * The results pane in live mode: the learner's own question, the wallet (limits, tokens this
 * run and this session), the key, the settings, and the last live run's checks and transcript.
 */
export default function LivePanel({ lesson, transcript, files, onRun }: Props) {
  const questionId = useId();
  const project = useAppStore((s) => s.liveProjects[lesson.id]);
  const ownQuestion = useAppStore((s) => s.liveQuestions[lesson.id]);
  const startsWith = startQuestion(lesson, project);
  const question = ownQuestion ?? startsWith;
  const setQuestion = useAppStore((s) => s.setLiveQuestion);
  const resetQuestion = useAppStore((s) => s.resetLiveQuestion);
  const storedRun = useAppStore((s) => s.liveRun);
  const run = storedRun?.lessonId === lesson.id ? storedRun : undefined;
  const session = useAppStore((s) => s.liveSessionUsage);
  const settings = useAppStore((s) => s.liveSettings);
  const setKeyDialog = useAppStore((s) => s.setKeyDialog);
  const keyState = useSyncExternalStore(keyStore.subscribe, keyStore.state);
  const report = run?.report;
  const running = run?.phase === 'running';
  const pending = useSyncExternalStore(approvals.subscribe, approvals.current);
  const waiting = running ? pending : undefined;
  return (
    <section className="live-panel" aria-labelledby="live-title">
      <header className={`verdict live-verdict ${outcomeOf(run?.phase, report)}`}>
        <h2 id="live-title">Live run</h2>
        <p role="status" aria-live="polite" className="verdict-text" data-phase={run?.phase}>
          {waiting
            ? `Waiting for you: allow ${waiting.call.name}?`
            : statusText(run, settings.maxCalls)}
        </p>
      </header>
      <div className="live-scroll">
        {running && <ApprovalPrompt />}
        <LiveProject lesson={lesson} files={files} disabled={running} />
        <form
          className="live-question"
          onSubmit={(event) => {
            event.preventDefault();
            onRun();
          }}
        >
          <label htmlFor={questionId}>Your question</label>
          <div className="live-question-row">
            <textarea
              id={questionId}
              className="text-field"
              rows={2}
              value={question}
              onChange={(e) => setQuestion(lesson.id, e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.metaKey) {
                  e.preventDefault();
                  onRun();
                }
              }}
            />
            <button type="submit" className="button primary" disabled={running}>
              Run live
            </button>
          </div>
          <p className="live-note">
            Sent through your code with the lesson&apos;s tools, to{' '}
            {settings.model.trim() || 'the model your code names'}.
            {question !== startsWith && (
              <>
                {' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => resetQuestion(lesson.id)}
                >
                  Back to the lesson&apos;s question
                </button>
              </>
            )}
          </p>
        </form>
        <div className="live-wallet" aria-label="Tokens used">
          <p>
            This run: <strong data-testid="run-tokens">{formatTokens(run?.usage ?? zero)}</strong>{' '}
            tokens · {run?.calls ?? 0} of {settings.maxCalls} calls
          </p>
          <p>
            This session: <strong data-testid="session-tokens">{formatTokens(session)}</strong>{' '}
            tokens
          </p>
        </div>
        <div className="live-key">
          <span>{keyText[keyState]}</span>
          <button type="button" className="button small" onClick={() => setKeyDialog('change')}>
            {keyState === 'none' ? 'Enter a key' : 'Change key'}
          </button>
          {keyState !== 'none' && (
            <button type="button" className="button small ghost" onClick={() => keyStore.forget()}>
              Forget key
            </button>
          )}
        </div>
        <LiveSettingsForm lesson={lesson} />
        {running && run.streaming !== undefined && (
          <section className="live-streaming" aria-label="The reply as it streams">
            <p className="stream-text">{run.streaming}</p>
          </section>
        )}
        {run?.phase === 'crashed' && (
          <div className="diagnostic error" role="alert">
            <p className="diagnostic-message">{run.error}</p>
          </div>
        )}
        {report && (
          <LiveResult report={report} lesson={lesson} transcript={transcript} files={files} />
        )}
      </div>
    </section>
  );
}

const zero = { input_tokens: 0, output_tokens: 0 };

function LiveResult({
  report,
  lesson,
  transcript,
  files,
}: {
  report: LiveReport;
  lesson: Lesson;
  transcript: Props['transcript'];
  files: FilesView;
}) {
  const { report: run, checks } = report;
  const before = (report.input as { files?: Record<string, string> } | null)?.files;
  return (
    <article className="live-result" data-status={run.status}>
      {checks.length > 0 && (
        <ul className="live-checks" aria-label="What must hold whatever the model says">
          {checks.map((check) => (
            <li key={check.text} data-ok={check.holds}>
              <span aria-hidden="true">{check.holds ? '✓' : '✗'}</span> {check.text}
            </li>
          ))}
        </ul>
      )}
      {run.status !== 'pass' && (
        <div className={`diagnostic ${run.status}`}>
          <p className="diagnostic-message">{run.message}</p>
        </div>
      )}
      <RecordButton report={report} lesson={lesson} />
      {run.kind !== 'compile' &&
        (before ? (
          <WorkspaceResult report={report} before={before} transcript={transcript} files={files} />
        ) : (
          transcript(run, summarizeLive(run))
        ))}
      {run.console.length > 0 && (
        <details className="live-console">
          <summary>Console ({run.console.length})</summary>
          <pre>{run.console.map((line) => line.text).join('\n')}</pre>
        </details>
      )}
    </article>
  );
}

/**
 * A live run on a project (part two): its transcript, the project's files and what the run
 * changed in them, and what the code printed beside the files (an agent's report).
 */
function WorkspaceResult({
  report,
  before,
  transcript,
  files,
}: {
  report: LiveReport;
  before: Record<string, string>;
  transcript: Props['transcript'];
  files: FilesView;
}) {
  const printed = parsed(report.outputs[0]);
  const { files: _files, ...rest } = (printed ?? {}) as Record<string, unknown>;
  const tabs = [
    {
      id: 'transcript',
      label: 'Transcript',
      content: () => transcript(report.report, summarizeLive(report.report)),
    },
    { id: 'files', label: 'Files', content: () => files(before, { printed }) },
    {
      id: 'output',
      label: 'Output',
      content: () => <Json value={printed === undefined ? null : rest} />,
    },
  ];
  return <Tabs tabs={tabs} label="The live run" />;
}

function parsed(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function outcomeOf(phase: string | undefined, report: LiveReport | undefined): string {
  if (phase === 'running') return 'running';
  if (phase === 'crashed') return 'fail';
  if (!report) return 'idle';
  return report.report.status === 'pass' ? 'pass' : 'fail';
}

function statusText(
  run: ReturnType<typeof useAppStore.getState>['liveRun'],
  maxCalls: number,
): string {
  if (!run) return 'Not run live yet. Ask your question and press Run.';
  if (run.phase === 'running') {
    return run.calls === 0
      ? 'Running live…'
      : `Running live… ${run.calls} of at most ${maxCalls} calls made.`;
  }
  if (run.phase === 'crashed') return 'Failed: the live run could not start.';
  const report = run.report;
  if (!report) return '';
  const summary = summarizeLive(report.report);
  if (report.report.kind === 'compile') return `Failed: ${firstLine(report.report.message)}`;
  if (report.report.status === 'pass') return `Passed the live checks. ${summary}`;
  if (report.report.kind === 'cancelled') return `Stopped. ${firstLine(report.report.message)}`;
  return `Failed: ${firstLine(report.report.message)}`;
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? '';
}
