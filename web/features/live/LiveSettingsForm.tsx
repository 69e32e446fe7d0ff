import { useId } from 'react';
import type { Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { DEFAULT_LIVE_SETTINGS } from '../../store/live-slice.ts';
import { baseUrlProblem } from './allowed-origins.ts';
import { lessonModel } from './live-input.ts';
import { clampLimit, LIMIT_RANGE } from './wallet.ts';

/** Models the installed SDK lists as current, offered as suggestions. */
const MODELS = ['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-haiku-5-5'];

/** Live settings: the model, the API base URL, and the wallet's per-run limits. */
export function LiveSettingsForm({ lesson }: { lesson: Lesson }) {
  const settings = useAppStore((s) => s.liveSettings);
  const set = useAppStore((s) => s.setLiveSettings);
  const id = useId();
  const problem = baseUrlProblem(settings.baseURL);
  const limit = (name: 'maxCalls' | 'maxTokens', text: string) => {
    const value = clampLimit(name, Number(text));
    if (value !== undefined) set({ [name]: value });
  };
  return (
    <details className="live-settings">
      <summary>Live settings</summary>
      <div className="live-settings-grid">
        <label htmlFor={`${id}-model`}>Model</label>
        <input
          className="text-field"
          id={`${id}-model`}
          list={`${id}-models`}
          value={settings.model}
          placeholder={`${lessonModel(lesson)} (the lesson's)`}
          spellCheck={false}
          onChange={(e) => set({ model: e.target.value })}
        />
        <datalist id={`${id}-models`}>
          {MODELS.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <label htmlFor={`${id}-base`}>API base URL</label>
        <input
          className="text-field"
          id={`${id}-base`}
          type="url"
          value={settings.baseURL}
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-base-problem` : undefined}
          onChange={(e) => set({ baseURL: e.target.value.trim() })}
        />
        {problem && (
          <p id={`${id}-base-problem`} className="live-settings-problem">
            {problem}
          </p>
        )}
        <label htmlFor={`${id}-calls`}>Model calls per run</label>
        <input
          className="text-field"
          id={`${id}-calls`}
          type="number"
          min={LIMIT_RANGE.maxCalls.min}
          max={LIMIT_RANGE.maxCalls.max}
          value={settings.maxCalls}
          onChange={(e) => limit('maxCalls', e.target.value)}
        />
        <label htmlFor={`${id}-tokens`}>Tokens per run</label>
        <input
          className="text-field"
          id={`${id}-tokens`}
          type="number"
          min={LIMIT_RANGE.maxTokens.min}
          max={LIMIT_RANGE.maxTokens.max}
          step={1000}
          value={settings.maxTokens}
          onChange={(e) => limit('maxTokens', e.target.value)}
        />
      </div>
      <p className="live-note">
        Defaults: {DEFAULT_LIVE_SETTINGS.maxCalls} calls and{' '}
        {DEFAULT_LIVE_SETTINGS.maxTokens.toLocaleString('en-US')} tokens per run. A run that reaches
        a limit stops before its next call, and says so.{' '}
        <button type="button" className="link-button" onClick={() => set(DEFAULT_LIVE_SETTINGS)}>
          Reset to defaults
        </button>
      </p>
    </details>
  );
}
