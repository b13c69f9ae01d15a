/**
 * Stage 6, interpreting with AI: the narrative and recommendations of a report, written by a
 * language model from the evidence when a key is configured, otherwise by the rule-based writer.
 * With a key, any failure (HTTP error, timeout, refusal, invalid or contradicting reply) falls back
 * to the rule-based writer and says why in `fallbackReason`; `write` itself never rejects. The
 * score, level and status are never the model's: they come in computed, on the input.
 */
import { writeRuleBasedNarrative, type Narrative } from '../checks/rule-based-writer';
import type { InterpretationInput } from './evidence-summary';
import { createOpenAIWriter, InterpretationFailure, type OpenAIWriter } from './openai-writer';

export interface InterpreterOptions {
  /** The language model; the rule-based writer alone when absent or when the key is empty. */
  openai?: { apiKey: string; baseUrl?: string; model: string; timeoutMs: number };
  fetch?: typeof fetch;
}

export interface InterpretedNarrative extends Narrative {
  /** Why the configured language model was not used, as a plain sentence; absent when it was. */
  fallbackReason?: string;
}

export interface Interpreter {
  /** "openai:<model>" or "rule-based": who writes narratives when nothing fails. */
  writerName: string;
  write(input: InterpretationInput, signal?: AbortSignal): Promise<InterpretedNarrative>;
  /** For the administrator (the server log): why the configured model cannot be used, and the fix. */
  setupProblem?: string;
}

export const RULE_BASED_WRITER = 'rule-based';

export function createInterpreter(options: InterpreterOptions = {}): Interpreter {
  const config = options.openai;
  const apiKey = config?.apiKey.trim() ?? '';
  if (!config || apiKey === '') {
    return { writerName: RULE_BASED_WRITER, write: async (input) => writeRuleBasedNarrative(input) };
  }
  const redact = (text: string) => text.split(apiKey).join('[redacted]');
  const fallback = (input: InterpretationInput, reason: string): InterpretedNarrative => ({
    ...writeRuleBasedNarrative(input),
    fallbackReason: redact(`${reason}; the rule-based writer was used.`),
  });
  let writer: OpenAIWriter;
  try {
    writer = createOpenAIWriter({ ...config, apiKey, ...(options.fetch ? { fetch: options.fetch } : {}) });
  } catch (error) {
    // A misconfigured client must not stop the service: every report says why the model was not
    // used, in words for the customer; the administrator reads the exact fix in the server log.
    const reason = 'The language model is not set up correctly on this installation (your administrator can fix it)';
    const setupProblem = `the OpenAI client could not be created (${error instanceof Error ? redact(error.message) : 'unknown error'}): check OPENAI_BASE_URL and OPENAI_MODEL`;
    return { writerName: RULE_BASED_WRITER, setupProblem, write: async (input) => fallback(input, reason) };
  }

  return {
    writerName: writer.name,
    async write(input, signal) {
      try {
        return await writer.write(input, signal);
      } catch (error) {
        return fallback(input, error instanceof InterpretationFailure ? error.reason : 'The language model call failed unexpectedly');
      }
    },
  };
}
